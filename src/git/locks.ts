import { existsSync, readFileSync, statSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { refusalReason, type GitRepo } from './repo.ts'
import { isAlive } from '../core/process-identity.ts'

/**
 * The locks that can stop a commit: `.cms/git-index.lock` (our private index; only cms uses it)
 * and the user's `.git/index.lock` (we move their index along after each commit). Git writes no
 * owner into a lock file, so we keep the pid of the process using the private index beside it.
 */

/** A user's index.lock older than this is no passing `git status`: commits are blocked by it. */
export const STALE_USER_LOCK_MS = 10_000

const ownerFile = (indexFile: string) => `${indexFile}.owner`

/** The live cms process (other than this one) that holds the private index's lock, or null. */
function privateLockHolder(indexFile: string): number | null {
  if (!existsSync(`${indexFile}.lock`)) return null
  let pid = Number.NaN
  try {
    pid = Number(readFileSync(ownerFile(indexFile), 'utf8').trim())
  } catch {
    // No owner written (a cms from before owners were kept): nobody alive claims it.
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null
}

/**
 * Takes the private index for one commit. The caller's commits are serialised, so a lock left
 * there is from a process that died mid-commit (a SIGKILL): it is removed. Returns why the
 * commit cannot run instead (another live cms process is committing there), or null.
 */
export async function claimPrivateIndex(indexFile: string, log?: (line: string) => void): Promise<string | null> {
  const holder = privateLockHolder(indexFile)
  if (holder !== null) return `another cms process (pid ${holder}) is committing`
  if (existsSync(`${indexFile}.lock`)) {
    await rm(`${indexFile}.lock`, { force: true })
    log?.('git: removed .cms/git-index.lock left by a cms process that stopped during a commit')
  }
  await writeFile(ownerFile(indexFile), `${process.pid}\n`)
  return null
}

/** How long `file` has existed, in ms, or null when it does not. */
function ageOf(file: string, now: number): number | null {
  try {
    return now - statSync(file).mtimeMs
  } catch {
    return null
  }
}

/** The user's `.git/index.lock`: why it blocks commits when it has been there too long, else null. */
export function userLockReason(repo: GitRepo, now = Date.now()): string | null {
  const age = ageOf(join(repo.gitDir, 'index.lock'), now)
  if (age === null || age < STALE_USER_LOCK_MS) return null
  return `git's index is locked: .git/index.lock has been there for ${Math.round(age / 1000)} s (a git command is still running, or one was stopped; remove the file if no git command runs)`
}

/** Where refs live: the main git dir, also for a linked work tree (its git dir names it in `commondir`). */
function commonDir(repo: GitRepo): string {
  try {
    return resolve(repo.gitDir, readFileSync(join(repo.gitDir, 'commondir'), 'utf8').trim())
  } catch {
    return repo.gitDir
  }
}

/** The current branch's ref lock (`.git/refs/heads/main.lock`) left too long: no commit can move the branch. */
export function refLockReason(repo: GitRepo, now = Date.now()): string | null {
  let ref: string
  try {
    const m = /^ref: (refs\/heads\/\S+)/.exec(readFileSync(join(repo.gitDir, 'HEAD'), 'utf8'))
    if (!m) return null
    ref = m[1]!
  } catch {
    return null
  }
  const age = ageOf(join(commonDir(repo), `${ref}.lock`), now)
  if (age === null || age < STALE_USER_LOCK_MS) return null
  return `the branch is locked: .git/${ref}.lock has been there for ${Math.round(age / 1000)} s (a git command is still running, or one was stopped; remove the file if no git command runs)`
}

/**
 * Everything that stops commits now, in plain words, or null: a rebase or merge in progress, a
 * detached HEAD (refusalReason), the user's stale index.lock or branch lock, another cms
 * process on our index.
 * Stats only: a write can say so in its answer.
 */
export function blockedReason(repo: GitRepo, indexFile: string): string | null {
  const holder = privateLockHolder(indexFile)
  return refusalReason(repo) ?? userLockReason(repo) ?? refLockReason(repo) ?? (holder !== null ? `another cms process (pid ${holder}) is committing` : null)
}
