import { badRequest, conflict, notFound } from '../../core/errors.ts'
import { fillPreviewUrl, previewOrigin, previewUrlProblem } from '../../core/preview-url.ts'
import { isUuid } from '../../core/ids.ts'
import { parseTtl, previewTokens } from '../../preview/preview-tokens.ts'
import type { ContentStore } from '../../storage/store.ts'

/** What issuing and revoking preview tokens reads of its context. */
export interface PreviewContext {
  readonly config: { readonly stateDir: string }
  readonly store: ContentStore
}

/**
 * Issues a preview token (docs/preview.md): for the whole project, or for one entry when both
 * `collection` and `uuid` are given (the entry must exist). `ttl_seconds` 1..86400, default 3600.
 */
/** The body of `POST /_admin/api/preview-tokens`: one entry's token (both) or the whole project's (neither), for 1..86400 seconds (default 3600). */
export interface PreviewTokenInput { collection?: string | null; uuid?: string | null; ttl_seconds?: number }

/** The body of `POST /_admin/api/preview-links`: the entry to preview, and how long its token lasts. */
export interface PreviewLinkInput { collection: string; uuid: string; ttl_seconds?: number }

/** A preview token just issued, and when it stops working. */
export interface PreviewTokenIssued { token: string; expires_at: string }

export async function issuePreviewToken(ctx: PreviewContext, body: Record<string, unknown>): Promise<PreviewTokenIssued> {
  const { collection, uuid } = body
  if (collection !== undefined && collection !== null && typeof collection !== 'string') throw badRequest('collection must be a collection slug.')
  if (uuid !== undefined && uuid !== null && typeof uuid !== 'string') throw badRequest('uuid must be an entry uuid.')
  if (!collection !== !uuid) throw badRequest('collection and uuid go together: give both (a token for one entry) or neither (the whole project).')
  const ttl = parseTtl(body.ttl_seconds)
  if (typeof ttl === 'string') throw badRequest(ttl)
  let scope: { collection: string; uuid: string } | undefined
  if (collection && uuid) {
    const index = ctx.store.collection(collection)
    if (!index) throw notFound('Collection not found.')
    if (!isUuid(uuid) || !index.entries.has(uuid.toLowerCase())) throw notFound('Content not found.')
    scope = { collection, uuid: uuid.toLowerCase() }
  }
  return previewTokens(ctx).issue({ project: ctx.store.project.uuid, ...scope, ttlSeconds: ttl })
}

/** Revokes one preview token (at once, on this server); 404 when it is no token of this project. */
/** One preview token revoked. */
export interface PreviewTokenRevoked { revoked: true }

export async function revokePreviewToken(ctx: PreviewContext, token: string): Promise<PreviewTokenRevoked> {
  if (!(await previewTokens(ctx).revoke(token, ctx.store.project.uuid))) throw notFound('Preview token not found: it is not one this server issued for this project.')
  return { revoked: true }
}

/** Revokes every preview token issued so far. */
/** Every preview token issued so far revoked. */
export interface PreviewTokensRevoked { revoked: 'all' }

export async function revokeAllPreviewTokens(ctx: PreviewContext): Promise<PreviewTokensRevoked> {
  await previewTokens(ctx).revokeAll()
  return { revoked: 'all' }
}

/** What the editor needs to offer a preview: the template and the origin it may frame (null: none configured). */
/** The project's preview URL template, and the site origin the editor may frame. */
export interface PreviewConfig { preview_url: string | null; origin: string | null }

export function previewConfig(ctx: PreviewContext): PreviewConfig {
  const template = ctx.store.project.preview_url ?? null
  return { preview_url: template, origin: previewOrigin(template) }
}

/**
 * The preview address of one entry for the editor's "Open preview" and preview pane: a token for
 * that entry alone (an hour) filled into the project's template with the entry's collection,
 * uuid, slug (its first slug field's draft value) and locale. 409 when no usable template is set.
 */
/** A link to an entry on the site in preview mode, with the token it carries. */
export interface PreviewLink { url: string; token: string; expires_at: string }

export async function previewLink(ctx: PreviewContext, body: Record<string, unknown>): Promise<PreviewLink> {
  const template = ctx.store.project.preview_url
  if (!template || previewUrlProblem(template)) throw conflict('No preview address is set for this project: set one with `cms project set --preview-url <template>` (docs/preview.md).')
  const issued = await issuePreviewToken(ctx, { collection: body.collection, uuid: body.uuid, ttl_seconds: body.ttl_seconds })
  const index = ctx.store.collection(String(body.collection))!
  const entry = index.entries.get(String(body.uuid).toLowerCase())!
  const slugField = index.collection.fields.find((f) => f.type === 'slug')
  const slug = slugField ? entry.fields[slugField.name] : undefined
  const url = fillPreviewUrl(template, { collection: index.collection.slug, uuid: entry.uuid, slug: typeof slug === 'string' ? slug : '', locale: entry.locale, token: issued.token })
  return { url, ...issued }
}
