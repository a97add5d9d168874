import { realpathSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'
import { git } from './exec.ts'
import type { GitRepo } from './repo.ts'

/**
 * Runtime state (the state folder: end users, `uak_` hashes, the signing key, webhook secrets,
 * the lock; and `.env` beside the content folder: settings and secrets) must never come from a
 * commit: git overwrites ignored files when a fast-forward, pull or checkout brings a tracked
 * file at their path. This module names those paths inside a repository and finds them in a
 * commit range, a tree or git's index, so the replica's sync, the branch switch and a server's
 * start can refuse them (docs/security.md, "Runtime state and git").
 */
export interface StatePaths {
  /** The content root from the top of the work tree (`content`), '' when it is the top. */
  content: string
  /** The state folder from the top, or null when it is outside the work tree. */
  state: string | null
  /** `.env` beside the content folder, from the top, or null when outside the work tree. */
  env: string | null
}

/** Where the state folder and `.env` of a content root `root` sit in `repo`. */
export function statePaths(repo: GitRepo, where: { root: string; stateDir: string }): StatePaths {
  const top = realOrSelf(repo.top)
  const inTree = (path: string): string | null => {
    // The folder may not exist yet: resolve its parent, which does (the project folder).
    const real = join(realOrSelf(dirname(path)), basename(path))
    const rel = relative(top, real)
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
    return rel.split(sep).join('/')
  }
  return { content: repo.prefix, state: inTree(where.stateDir), env: inTree(join(dirname(where.root), '.env')) }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** Why a path (from the top of the work tree) is runtime state, or null. Case-insensitive: macOS and Windows file systems are. */
export function stateReason(path: string, where: StatePaths): 'state folder' | '.env' | null {
  const p = path.toLowerCase()
  const state = where.state?.toLowerCase()
  if (state && (p === state || p.startsWith(`${state}/`))) return 'state folder'
  if (where.env && p === where.env.toLowerCase()) return '.env'
  return null
}

/** One path a sync refuses to write, and why. */
export interface RefusedPath {
  path: string
  reason: 'state folder' | '.env' | 'outside the content folder' | 'symbolic link' | 'submodule'
}

/**
 * The paths of a commit range (`git diff --raw` from `from`, or the whole tree of `to` when
 * there is no `from`) that a replica must not write: runtime state, anything outside the
 * content folder, and links or submodules (a link in the content folder could make the store
 * read, and serve, any file the server can read).
 */
export async function refusedInRange(repo: GitRepo, where: StatePaths, from: string | null, to: string): Promise<RefusedPath[]> {
  const changes = from === null ? await treeModes(repo, to) : await rangeModes(repo, from, to)
  const out: RefusedPath[] = []
  for (const { path, mode } of changes) {
    const state = stateReason(path, where)
    if (state) out.push({ path, reason: state })
    else if (where.content && !path.startsWith(`${where.content}/`)) out.push({ path, reason: 'outside the content folder' })
    else if (mode === '120000') out.push({ path, reason: 'symbolic link' })
    else if (mode === '160000') out.push({ path, reason: 'submodule' })
  }
  return out
}

/** Every path the range changes, with its mode after the change (`000000` when deleted). Renames are listed as a deletion and an addition: both paths count. */
async function rangeModes(repo: GitRepo, from: string, to: string): Promise<Array<{ path: string; mode: string }>> {
  const out = (await git(['diff', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', from, to, '--'], { cwd: repo.top })).stdout
  const parts = out.split('\0')
  const rows: Array<{ path: string; mode: string }> = []
  // `:<old mode> <new mode> <old sha> <new sha> <status>` then the path, each NUL-ended.
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i]!
    if (!meta.startsWith(':')) break
    rows.push({ path: parts[i + 1]!, mode: meta.slice(1).split(' ')[1] ?? '' })
  }
  return rows
}

async function treeModes(repo: GitRepo, rev: string): Promise<Array<{ path: string; mode: string }>> {
  const out = (await git(['ls-tree', '-r', '-z', '--full-tree', rev], { cwd: repo.top })).stdout
  return out.split('\0').filter(Boolean).map((line) => {
    const tab = line.indexOf('\t')
    return { path: line.slice(tab + 1), mode: line.slice(0, line.indexOf(' ')) }
  })
}

/** Runtime-state paths in the tree of `rev` (a branch about to be checked out). */
export async function stateInTree(repo: GitRepo, where: StatePaths, rev: string): Promise<string[]> {
  return (await treeModes(repo, rev)).map((r) => r.path).filter((p) => stateReason(p, where) !== null)
}

/** Runtime-state paths git tracks now (its index: what a pull or checkout just brought). */
export async function trackedState(repo: GitRepo, where: StatePaths): Promise<string[]> {
  const specs = [where.state, where.env].filter((p): p is string => p !== null).map((p) => `:(top,icase,literal)${p}`)
  if (specs.length === 0) return []
  const out = (await git(['ls-files', '-z', '--full-name', '--', ...specs], { cwd: repo.top })).stdout
  return out.split('\0').filter(Boolean).filter((p) => stateReason(p, where) !== null)
}

/** What to tell the user when git tracks runtime state: the files, and how to untrack them. */
export function trackedStateMessage(paths: string[]): string {
  const shown = paths.slice(0, 5).join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '')
  return `git tracks runtime state (${shown}): the server's own files (end users, keys, secrets, settings) must never come from a commit, ` +
    'which anyone who can push could replace. Untrack them and keep them out of git: `git rm -r --cached <path>`, add the path to .gitignore, commit; ' +
    'then check that the files are yours (restore them from a backup if a commit replaced them).'
}

/**
 * `trackedState` again only when git's index file changed (a pull, checkout or commit writes
 * it), so a check per request costs a stat.
 */
export class TrackedStateWatch {
  private seen = ''
  private found: string[] = []
  private pending: Promise<string[]> | undefined
  private readonly repo: GitRepo
  private readonly where: StatePaths

  constructor(repo: GitRepo, where: StatePaths, initial: string[]) {
    this.repo = repo
    this.where = where
    this.found = initial
    this.seen = this.stamp()
  }

  private stamp(): string {
    try {
      const s = statSync(join(this.repo.gitDir, 'index'), { bigint: true })
      return `${s.mtimeNs}:${s.size}:${s.ino}`
    } catch {
      return 'none'
    }
  }

  /** The tracked runtime-state paths now; a promise only when the index changed since the last look. */
  current(): string[] | Promise<string[]> {
    const stamp = this.stamp()
    if (stamp === this.seen) return this.found
    // git failing (the repository moved away) keeps the last answer rather than asking again per request.
    this.pending ??= trackedState(this.repo, this.where).catch(() => this.found).then((found) => {
      this.found = found
      this.seen = stamp
      return found
    }).finally(() => {
      this.pending = undefined
    })
    return this.pending
  }
}
