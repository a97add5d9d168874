import type { AppContext } from '../../context.ts'
import type { DraftAccess } from '../../service/entries/list.ts'
import type { Credential } from './guard.ts'
import type { Principal } from './route-access.ts'

/**
 * Who may read drafts, for the entry read route (routes/entries-read.ts) and the fast read
 * path alike: a caller with `read` (a token, an editor session, the local admin token), on
 * every project; anyone when project.yaml says `public_drafts: true`. A public project's anonymous reader gets 401; a token without
 * `read` (let through to published content) 403.
 */
export function draftAccess(ctx: AppContext, principal: Principal, credential: () => Credential): DraftAccess {
  if (principal.kind !== 'public' || ctx.store.project.public_drafts === true) return 'allowed'
  const kind = credential().kind
  return kind === 'token' || kind === 'session' ? 'forbidden' : 'unauthenticated'
}
