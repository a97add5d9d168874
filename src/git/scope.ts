import { ScopedStorage } from '../core/scoped-storage.ts'
import type { Author } from './commit.ts'

/**
 * What one request (or CLI command) is, for the commits its writes end up in: who wrote,
 * and what became of its files. The HTTP layer opens a scope around each route handler; the
 * store's write path reads it, so no route has to pass anything down.
 */
export interface WriteScope {
  /** null: the local git identity (CLI, local admin token). */
  author: Author | null
  /** Set by the committer when this scope wrote a file: `pending` or the refusal reason. */
  outcome?: { kind: 'pending' } | { kind: 'refused'; reason: string }
  /**
   * Set by whoever opened the scope when it will say it ended (`endScope`): the committer then
   * keeps one request's writes in one commit, however long the request takes.
   */
  ends?: Array<() => void>
  ended?: boolean
}

/** The request or command of `scope` is over: its writes may be committed. */
export function endScope(scope: WriteScope): void {
  if (scope.ended) return
  scope.ended = true
  for (const end of scope.ends ?? []) end()
}

export const writeScope = new ScopedStorage<WriteScope>()

/** The `Cms-Git` response header for a scope that wrote something, else null. */
export function gitHeader(scope: WriteScope): string | null {
  const o = scope.outcome
  if (!o) return null
  return o.kind === 'pending' ? 'pending' : `refused; reason="${o.reason.replace(/["\\\u0000-\u001f\u007f]/g, ' ')}"`
}
