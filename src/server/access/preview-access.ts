import type { AppContext } from '../../context.ts'
import { CmsError, forbidden } from '../../core/errors.ts'
import { previewTokens } from '../../preview/preview-tokens.ts'
import type { Principal } from './route-access.ts'

/**
 * Preview tokens at admission (docs/preview.md): where a route takes one (`preview: true`: the
 * entry reads and `/_events`) and no API credential was sent, a valid token of this project is
 * the caller; an invalid, expired, revoked or other project's token is refused with its reason.
 */
export function previewPrincipal(ctx: AppContext, token: string): Principal {
  const verdict = previewTokens(ctx).verify(token, ctx.store.project.uuid)
  if ('status' in verdict) throw new CmsError(verdict.status === 401 ? 'unauthenticated' : 'forbidden', verdict.message)
  return { kind: 'preview', claims: verdict }
}

/** The preview token of a request: the `Cms-Preview` header, else the `preview` query parameter (search with its `?`). */
export function previewTokenOf(header: string | null | undefined, search: string): string | null {
  if (header) return header.trim()
  // Most reads carry none: the parser runs only when the name appears.
  if (!search.includes('preview=')) return null
  return new URLSearchParams(search).get('preview') || null
}

/**
 * A preview token scoped to one entry reads that entry and nothing else: every list read (403),
 * every other entry (403). `uuid` null: a list read.
 */
export function checkPreviewScope(principal: Extract<Principal, { kind: 'preview' }>, collection: string, uuid: string | null, query = ''): void {
  const { c, u } = principal.claims
  if (!u) return
  if (uuid === null) throw forbidden('This preview token is for one entry: it cannot read lists. Read the entry itself, GET /{collection}/{uuid}?state=draft.')
  if (c !== collection || u !== uuid.toLowerCase()) throw forbidden('This preview token is for another entry.')
  // `translation_locale` answers another entry (the translation): not this token's.
  if (query.includes('translation_locale')) throw forbidden('This preview token is for one entry: it cannot read its translations (each has its own token).')
}
