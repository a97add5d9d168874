import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { git, GitError } from './exec.ts'

/** Where the content root sits in a git repository. */
export interface GitRepo {
  /** Top of the work tree (cwd for every git call). */
  top: string
  /** This work tree's git dir (HEAD, MERGE_HEAD, rebase-merge/ live here). */
  gitDir: string
  /** Content root relative to `top`, `/`-separated; '' when the content root is the top. */
  prefix: string
}

/** The repository holding `contentDir`, or a GitError saying why there is none. */
export async function locateRepo(contentDir: string): Promise<GitRepo> {
  let real: string
  try {
    real = realpathSync(contentDir)
  } catch {
    throw new GitError(`No content directory at ${contentDir}`)
  }
  let out: string
  try {
    out = (await git(['rev-parse', '--is-inside-work-tree', '--show-toplevel', '--absolute-git-dir'], { cwd: real })).stdout
  } catch (error) {
    if (error instanceof GitError && /not a git repository/i.test(error.message)) {
      throw new GitError(`${contentDir} is not inside a git work tree: run \`git init\` in the project folder, or leave git commits off (no --git-commit, CMS_GIT_COMMIT unset)`)
    }
    throw error
  }
  const [inside, top, gitDir] = out.trim().split('\n')
  if (inside !== 'true' || !top || !gitDir) throw new GitError(`${contentDir} is not inside a git work tree (it is inside a bare repository or a .git folder)`)
  const prefix = relative(realpathSync(top), real).split(sep).join('/')
  return { top, gitDir, prefix }
}

/**
 * Why a commit must not be made now, or null. Read from the git dir with a few stats (no
 * child process), so a write can say so in its answer without waiting.
 */
export function refusalReason(repo: GitRepo): string | null {
  const at = (name: string) => existsSync(resolve(repo.gitDir, name))
  if (at('rebase-merge') || at('rebase-apply')) return 'rebase in progress'
  if (at('MERGE_HEAD')) return 'merge in progress'
  if (at('CHERRY_PICK_HEAD')) return 'cherry-pick in progress'
  if (at('REVERT_HEAD')) return 'revert in progress'
  if (at('BISECT_LOG')) return 'bisect in progress'
  let head = ''
  try {
    head = readFileSync(resolve(repo.gitDir, 'HEAD'), 'utf8')
  } catch {
    return 'HEAD unreadable'
  }
  if (!head.startsWith('ref: refs/heads/')) return 'detached HEAD'
  return null
}

/** The branch HEAD names (`main`), or null on a detached HEAD. */
export async function currentBranch(repo: GitRepo): Promise<string | null> {
  const r = await git(['symbolic-ref', '--short', '-q', 'HEAD'], { cwd: repo.top, okCodes: [1] })
  return r.code === 0 ? r.stdout.trim() : null
}

/** HEAD's commit, or null on a branch with no commits yet. */
export async function headCommit(repo: GitRepo): Promise<string | null> {
  const r = await git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.top, okCodes: [1] })
  return r.code === 0 ? r.stdout.trim() : null
}

/** A content-root-relative path as a path from the top of the work tree. */
export const fromTop = (repo: GitRepo, rel: string): string => (repo.prefix ? `${repo.prefix}/${rel}` : rel)
