import type { ResolvedConfig } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { CmsError } from '../../core/errors.ts'
import { GitError } from '../../git/exec.ts'
import { locateRepo } from '../../git/repo.ts'
import { statePaths, trackedState, trackedStateMessage, TrackedStateWatch } from '../../git/state-paths.ts'

/**
 * A server never trusts runtime state that git tracks: a pull or checkout would have replaced
 * it with whatever was pushed (an attacker's end users and `uak_` hashes, signing key, `.env`).
 * Checked before anything is loaded (the server does not start), and again, for a pull made
 * while it runs, on every end-user request (a stat of git's index; git again only when it changed).
 */
const watches = new WeakMap<AppContext, TrackedStateWatch>()

/** Throws (the server does not start) when git tracks a file of the state folder or `.env`. null when the content is in no git work tree. */
export async function refuseTrackedStateAtStart(config: ResolvedConfig): Promise<TrackedStateWatch | null> {
  let repo
  try {
    repo = await locateRepo(config.contentDir)
  } catch (error) {
    // Not in a git work tree (or no git at all): nothing can be checked out over the state.
    if (error instanceof GitError) return null
    throw error
  }
  const where = statePaths(repo, { root: config.contentDir, stateDir: config.stateDir })
  const found = await trackedState(repo, where).catch((error: unknown) => {
    if (error instanceof GitError) return []
    throw error
  })
  if (found.length > 0) throw new CmsError('storage', `Refusing to start: ${trackedStateMessage(found)}`)
  return new TrackedStateWatch(repo, where, found)
}

export function watchTrackedState(ctx: AppContext, watch: TrackedStateWatch | null): void {
  if (watch) watches.set(ctx, watch)
}

/** The last paths reported, so the log says it once per change, not once per request. */
let reported = ''

/** For routes that read the state folder (end users): 409 while git tracks runtime state. */
export function refuseTrackedState(ctx: AppContext): void | Promise<void> {
  const watch = watches.get(ctx)
  if (!watch) return
  const now = watch.current()
  if (now instanceof Promise) return now.then(refuse)
  refuse(now)
}

function refuse(found: string[]): void {
  if (found.length === 0) return
  const line = trackedStateMessage(found)
  if (line !== reported) process.stderr.write(`cms: refusing end-user requests: ${line}\n`)
  reported = line
  // No paths in the answer: the log names them.
  throw new CmsError('conflict', 'This server refuses end-user requests while git tracks its runtime state (a pull or checkout brought files into the state folder or .env); the server log names the files and what to do.')
}
