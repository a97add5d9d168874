import { join } from 'node:path'
import type { ResolvedConfig } from '../config.ts'
import { commitPaths, type CommitOutcome } from './commit.ts'
import { GitError } from './exec.ts'
import { fromTop, locateRepo } from './repo.ts'

/**
 * Commits what a CLI command that rewrites files outside the store (`fmt`, `import`, `init`)
 * changed, when git commits are on (`CMS_GIT_COMMIT=1`): the same private index and plumbing
 * as the store's commits, so the user's index and other files are left alone. `paths` are
 * relative to the content root; a folder ends in `/` (`'/'` is the whole content root, for
 * commands that replace it). The write itself is done: a refusal is reported, never thrown.
 */
export async function commitDirectWrite(config: ResolvedConfig, paths: string[], message: string): Promise<CommitOutcome | null> {
  if (!config.gitCommit || paths.length === 0) return null
  try {
    const repo = await locateRepo(config.contentDir)
    const top = (rel: string) => {
      const folder = rel.endsWith('/')
      const clean = rel.replace(/\/+$/, '')
      const path = clean ? fromTop(repo, clean) : repo.prefix || '.'
      return folder ? `${path}/` : path
    }
    return await commitPaths(repo, join(config.stateDir, 'git-index'), { paths: paths.map(top), message, author: null })
  } catch (error) {
    if (error instanceof GitError) return { kind: 'refused', reason: error.message }
    throw error
  }
}

/** The line a command prints on stderr about its commit. */
export function commitLine(outcome: CommitOutcome | null): string | null {
  if (!outcome) return null
  if (outcome.kind === 'committed') return `git: committed ${outcome.commit.slice(0, 7)} on ${outcome.branch}${outcome.warning ? ` (${outcome.warning})` : ''}`
  if (outcome.kind === 'nothing') return 'git: nothing to commit'
  return `git: not committed (${outcome.reason}); the files are written — \`cms git status\` lists what is not committed`
}
