import { join } from 'node:path'
import type { ContentStore } from '../storage/store.ts'
import { applyBatch } from '../storage/watcher.ts'
import { git, GitError } from '../git/exec.ts'
import { headCommit, refusalReason, type GitRepo } from '../git/repo.ts'
import { refusedInRange, statePaths, type RefusedPath } from '../git/state-paths.ts'
import type { FollowTarget } from './target.ts'

/** Why a sync did not bring the replica to the remote's commit (stable, for scripts and monitoring). */
export type SyncErrorCode = 'fetch_failed' | 'diverged' | 'ahead' | 'local_changes' | 'blocked' | 'refused_paths' | 'merge_failed'

export type SyncOutcome =
  | { ok: true; from: string | null; to: string; files: number }
  /** `message` is safe to answer over HTTP (no paths, no URLs); `detail` is git's own words, for the server log. */
  | { ok: false; code: SyncErrorCode; message: string; detail: string; commit: string | null }

export interface SyncOptions {
  signal?: AbortSignal
  /** Longest a fetch may take before it is stopped. @default 120000 */
  fetchTimeoutMs?: number
}

/** Paths handed to the store per step, so a pull that changed 100k files does not hold the event loop. */
const SLICE = 1000

/**
 * One sync: fetch the followed branch, fast-forward the work tree to it with `git merge
 * --ff-only` (which refuses rather than overwrite local changes), then apply every changed
 * file to the store and resolve only once the store holds them, so a read made after this
 * resolves sees the new commit. Never resets, never merges, never rewrites history.
 */
export async function syncOnce(repo: GitRepo, store: ContentStore, target: FollowTarget, options: SyncOptions = {}): Promise<SyncOutcome> {
  const { remote, branch } = target
  const name = `${remote}/${branch}`
  const tracking = `refs/remotes/${remote}/${branch}`
  // Only the fetch may be stopped by shutdown: a merge killed half way would leave a torn work tree and index.lock.
  const run = (args: string[], extra: { okCodes?: number[]; timeoutMs?: number; signal?: AbortSignal } = {}) =>
    git(args, { cwd: repo.top, ...extra })
  let head = await headCommit(repo)
  const failed = (code: SyncErrorCode, message: string, detail: string): SyncOutcome => ({ ok: false, code, message, detail, commit: head })

  try {
    await run(['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', '--', remote, `+refs/heads/${branch}:${tracking}`], { timeoutMs: options.fetchTimeoutMs ?? 120_000, ...(options.signal ? { signal: options.signal } : {}) })
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    return failed('fetch_failed', `Could not fetch ${branch} from the remote "${remote}"; the server log has git's message. Still serving ${short(head)}.`, gitDetail(error))
  }
  const to = (await run(['rev-parse', '-q', '--verify', `${tracking}^{commit}`])).stdout.trim()
  if (head === to) return { ok: true, from: head, to, files: 0 }

  if (head !== null && !(await isAncestor(run, head, to))) {
    if (await isAncestor(run, to, head)) {
      return failed('ahead', `This clone has commits that ${name} does not have; not following until they are pushed or removed by hand. Still serving ${short(head)}.`, `HEAD ${head} is ahead of ${name} ${to}`)
    }
    return failed('diverged', `This clone and ${name} have diverged (each has commits the other lacks); a fast-forward is impossible, and nothing was reset. Still serving ${short(head)}.`, `HEAD ${head} and ${name} ${to} have diverged`)
  }
  const blocked = refusalReason(repo)
  if (blocked && blocked !== 'detached HEAD') {
    return failed('blocked', `Cannot fast-forward to ${name} now: ${blocked} in the clone. Still serving ${short(head)}.`, blocked)
  }

  // The fast-forward writes every path of the range, ignored files included: one path that is
  // runtime state (.cms/, .env), outside the content folder, or a link refuses the whole range.
  const refused = await refusedInRange(repo, statePaths(repo, store.layout), head, to)
  if (refused.length > 0) {
    return failed('refused_paths', `${name} at ${short(to)} changes ${describeRefused(refused)}; a replica only takes commits that change files inside the content folder, so it did not fast-forward. Still serving ${short(head)}.`,
      `refused paths in ${short(head)}..${short(to)}:\n${refused.slice(0, 20).map((r) => `${r.path} (${r.reason})`).join('\n')}${refused.length > 20 ? `\n... and ${refused.length - 20} more` : ''}`)
  }
  const paths = await changedPaths(run, repo, head, to)
  try {
    await run(['merge', '--ff-only', '--quiet', '--no-stat', to])
  } catch (error) {
    if (!(error instanceof GitError)) throw error
    const detail = gitDetail(error)
    // git leaves the tree as it was when it refuses; when it failed half-way, whatever it wrote is applied below.
    await applyToStore(store, paths)
    head = await headCommit(repo)
    if (/would be overwritten|local changes|untracked working tree files/i.test(error.stderr)) {
      return failed('local_changes', `Cannot fast-forward to ${name}: files changed in the clone would be overwritten (they were kept). Commit, stash or remove them by hand. Still serving ${short(head)}.`, detail)
    }
    return failed('merge_failed', `Fast-forward to ${name} failed; the server log has git's message. Serving ${short(head)}.`, detail)
  }
  await applyToStore(store, paths)
  return { ok: true, from: head, to, files: paths.length }
}

type Run = (args: string[], extra?: { okCodes?: number[] }) => Promise<{ code: number; stdout: string }>

async function isAncestor(run: Run, a: string, b: string): Promise<boolean> {
  return (await run(['merge-base', '--is-ancestor', a, b], { okCodes: [1] })).code === 0
}

/** Files under the content root that differ between the two commits, relative to the root. */
async function changedPaths(run: Run, repo: GitRepo, from: string | null, to: string): Promise<string[]> {
  const relative = repo.prefix ? [`--relative=${repo.prefix}/`] : []
  const out = from === null
    ? await run(['ls-tree', '-r', '-z', '--name-only', '--full-tree', to, '--', ...(repo.prefix ? [repo.prefix] : ['.'])])
    : await run(['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', ...relative, from, to])
  const cut = from === null && repo.prefix ? repo.prefix.length + 1 : 0
  return out.stdout.split('\0').filter(Boolean).map((p) => p.slice(cut))
}

/**
 * Hands the changed files to the store's own ingestion (the watcher's, which also sees them:
 * applying a file twice is a no-op). Project and collections first, so entries of a
 * collection the commit added find it.
 */
async function applyToStore(store: ContentStore, rels: string[]): Promise<void> {
  const rank = (rel: string) => (rel === 'project.yaml' ? 0 : rel.startsWith('collections/') ? 1 : 2)
  const ordered = [...rels].sort((a, b) => rank(a) - rank(b))
  const root = store.layout.root
  for (let i = 0; i < ordered.length; i += SLICE) {
    await applyBatch(store.ingestion, ordered.slice(i, i + SLICE).map((rel) => join(root, ...rel.split('/'))))
  }
}

/** Counts per reason, no paths: the status is public (the log has the paths). */
function describeRefused(refused: RefusedPath[]): string {
  const counts = new Map<string, number>()
  for (const r of refused) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1)
  const label: Record<RefusedPath['reason'], string> = {
    'state folder': 'in the runtime state folder (.cms/)', '.env': 'named .env (the server\'s settings)',
    'outside the content folder': 'outside the content folder', 'symbolic link': 'that are symbolic links', submodule: 'that are submodules',
  }
  return [...counts].map(([reason, n]) => `${n} file${n === 1 ? '' : 's'} ${label[reason as RefusedPath['reason']]}`).join(', ')
}

const short = (commit: string | null): string => (commit ? commit.slice(0, 12) : 'no commit yet')

function gitDetail(error: GitError): string {
  return error.stderr.trim() || error.message
}
