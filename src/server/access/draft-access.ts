import type { AppContext } from '../../context.ts'
import type { DraftAccess } from '../../service/entries/list.ts'
import type { Credential } from './guard.ts'
import type { Principal } from './route-access.ts'
import { checkPreviewScope } from './preview-access.ts'

/**
 * Who may read drafts, for the entry read route (routes/entries-read.ts) and the fast read
 * path alike: a caller with `read` (a token, an editor session, the local admin token), on
 * every project; a preview token's holder (docs/preview.md) within its scope (a token for one
 * entry reads that entry only: anything else is a 403 here); anyone when project.yaml says
 * `public_drafts: true`. A public project's anonymous reader gets 401; a token without
 * `read` (let through to published content) 403. `uuid` null: a list read of `collection`;
 * `query` the read's query string (a one-entry token may not ask for a translation).
 */
export function draftAccess(ctx: AppContext, principal: Principal, credential: () => Credential, collection = '', uuid: string | null = null, query = ''): DraftAccess {
  if (principal.kind === 'preview') {
    checkPreviewScope(principal, collection, uuid, query)
    return 'allowed'
  }
  if (principal.kind !== 'public' || ctx.store.project.public_drafts === true) return 'allowed'
  const kind = credential().kind
  return kind === 'token' || kind === 'session' ? 'forbidden' : 'unauthenticated'
}
