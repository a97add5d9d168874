import type { AppContext } from '../../context.ts'
import type { ResolvedConfig } from '../../config.ts'
import { CmsError } from '../../core/errors.ts'

/**
 * What a `--read-only` server (a replica) answers to what only the writer may do: 405 naming
 * the writer's URL when `CMS_WRITER_URL` is set (environment or `.env`, re-read on SIGHUP).
 * End users' routes are refused whole, reads included: their accounts, sign-ins, keys and
 * signing key live in the writer's state folder, so a replica's own would be a second,
 * separate set of users (docs/deploy.md).
 */
export function readOnlyRefusal(ctx: AppContext, kind: 'write' | 'end-user'): CmsError {
  const writer = writerUrl(ctx.config)
  const to = writer ? `the writer, ${writer}` : 'the writer instance'
  if (kind === 'write') {
    return new CmsError('method_not_allowed', `This server is read-only (started with --read-only): it refuses every write. Send writes to ${to}.`, { headers: { allow: 'GET, HEAD' } })
  }
  // An empty Allow: no method of these routes is served here (RFC 9110 §10.2.1).
  return new CmsError('method_not_allowed', `This server is read-only (started with --read-only): end-user accounts (sign-up, sign-in, tokens, API keys) live on the writer only. Send /auth/ requests to ${to}.`, { headers: { allow: '' } })
}

/** `CMS_WRITER_URL` as an http(s) origin and path without a trailing slash, or null when unset or not such a URL. */
export function writerUrl(config: ResolvedConfig): string | null {
  const raw = config.env.CMS_WRITER_URL?.trim()
  if (!raw) return null
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return null
  }
}

/** At start: a set but unusable `CMS_WRITER_URL` is an error naming it (a reload that makes it so just stops naming it). */
export function checkWriterUrl(config: ResolvedConfig): void {
  const raw = config.env.CMS_WRITER_URL?.trim()
  if (raw && writerUrl(config) === null) {
    throw new CmsError('bad_request', `CMS_WRITER_URL must be the writer's http(s) URL without credentials (e.g. https://cms-writer.example.com), got ${JSON.stringify(raw.slice(0, 200))}.`)
  }
}
