import { ScopedStorage } from './scoped-storage.ts'

/**
 * Who is making a change, for the rules that depend on it (review: `approved` and publishing
 * an unapproved entry need `admin`) and for the review history's `by`. The HTTP layer opens a
 * scope around every writing route (server/http/route.ts); code with no scope open (the
 * scheduler, the reader) is the local system and may do everything.
 */
export interface Actor {
  /** The token's or session's name; null for the local user. */
  name: string | null
  admin: boolean
}

export const actorScope = new ScopedStorage<Actor>()

export const SYSTEM_ACTOR: Actor = { name: null, admin: true }

export function currentActor(): Actor {
  return actorScope.getStore() ?? SYSTEM_ACTOR
}
