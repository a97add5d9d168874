import { lstat, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { git as runGit, GitError, firstLine, type GitRun } from './exec.ts'
import { refusalReason, type GitRepo } from './repo.ts'

/** Who a commit is by; null means the local git identity (CLI use, local admin token). */
export interface Author {
  name: string
  email: string
}

export type CommitOutcome =
  | { kind: 'committed'; commit: string; branch: string; warning?: string }
  | { kind: 'nothing' }
  | { kind: 'refused'; reason: string }

export interface CommitRequest {
  /** Paths from the top of the work tree: files, or folders (ending in `/`) whose whole content goes in. */
  paths: string[]
  message: string
  author: Author | null
}

/**
 * Commits exactly `paths` as they are on disk now, on top of HEAD, through a private index
 * (`indexFile`, seeded from HEAD): the user's index and work tree are left as they were.
 * Plumbing (`commit-tree`, `update-ref` with the old value), so a commit the user makes at the
 * same moment is never overwritten; the repository's pre-commit, commit-msg and post-commit
 * hooks still run. The user's index is then moved along for the committed paths only where it
 * still matched the old HEAD, so `git status` shows them clean and nothing staged is lost.
 */
export async function commitPaths(repo: GitRepo, indexFile: string, request: CommitRequest): Promise<CommitOutcome> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await commitOnce(repo, indexFile, request)
    // HEAD moved between our read and our update (the user committed): build again on the new HEAD.
    if (outcome !== 'head-moved') return outcome
    if (attempt >= 2) return { kind: 'refused', reason: 'HEAD kept moving while committing' }
  }
}

async function commitOnce(repo: GitRepo, indexFile: string, request: CommitRequest): Promise<CommitOutcome | 'head-moved'> {
  const refusal = refusalReason(repo)
  if (refusal) return { kind: 'refused', reason: refusal }
  const cwd = repo.top
  const privateIndex = { GIT_INDEX_FILE: indexFile, GIT_LITERAL_PATHSPECS: '1' }
  // One call for the branch, HEAD, its tree and where hooks live (core.hooksPath or .git/hooks).
  const ref = symbolicHead(repo)
  if (!ref) return { kind: 'refused', reason: 'detached HEAD' }
  const probe = await git(['rev-parse', '--git-path', 'hooks', '-q', '--verify', 'HEAD^{commit}'], { cwd, okCodes: [1] })
  const [hooksPath, parentLine] = probe.stdout.trim().split('\n')
  const parent = probe.code === 0 && parentLine ? parentLine : null
  const hooksDir = resolve(cwd, hooksPath ?? '.git/hooks')

  // -m keeps the stat data of unchanged entries, so git does not re-hash files it already knows;
  // -i: this private index never has to match the work tree.
  await git(parent ? ['read-tree', '-i', '-m', parent] : ['read-tree', '--empty'], { cwd, env: privateIndex })
  const files: string[] = []
  const dirsPresent: string[] = []
  const dirsGone: string[] = []
  await Promise.all(request.paths.map(async (p) => {
    if (!p.endsWith('/')) return files.push(p)
    const exists = await lstat(join(cwd, p)).then(() => true, () => false)
    return (exists ? dirsPresent : dirsGone).push(p.slice(0, -1))
  }))
  const nul = (list: string[]) => `${list.join('\0')}\0`
  if (dirsGone.length > 0) {
    await git(['rm', '--cached', '-r', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd, env: privateIndex, input: nul(dirsGone) })
  }
  if (dirsPresent.length > 0) {
    // Exit 1 when a path is gitignored: the others are added, the ignored one stays out.
    const added = await git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { cwd, env: privateIndex, input: nul(dirsPresent), okCodes: [1] })
    if (added.code === 1 && !/ignored by one of your \.gitignore/.test(added.stderr)) throw new GitError(firstLine(added.stderr) || 'git add failed', added.stderr, 1)
  }
  if (files.length > 0) {
    // Files by name, with no walk of the work tree (15× cheaper than `git add` with pathspecs,
    // measured): added, updated, or removed when gone. Untracked ignored files stay out, as with `git add`.
    // (Plain paths here: neither command takes pathspec magic.)
    const indexOnly = { GIT_INDEX_FILE: indexFile }
    const ignored = await git(['check-ignore', '-z', '--stdin'], { cwd, env: indexOnly, input: nul(files), okCodes: [1] })
    const skip = new Set(ignored.stdout.split('\0').filter(Boolean))
    const kept = skip.size > 0 ? files.filter((f) => !skip.has(f)) : files
    if (kept.length > 0) await git(['update-index', '--add', '--remove', '-z', '--stdin'], { cwd, env: indexOnly, input: nul(kept) })
  }
  let tree = (await git(['write-tree'], { cwd, env: privateIndex })).stdout.trim()
  const parentTree = parent ? (await git(['rev-parse', `${parent}^{tree}`], { cwd })).stdout.trim() : null
  if (tree === parentTree) return { kind: 'nothing' }

  const hookEnv = { ...privateIndex, GIT_EDITOR: ':' }
  // A stat per hook instead of a `git hook run` process for each.
  const runHook = (name: string, args: string[], env: Record<string, string>) => existsSync(join(hooksDir, name))
    ? git(['hook', 'run', '--ignore-missing', name, ...args], { cwd, env, okCodes: allCodes })
    : Promise.resolve({ code: 0, stderr: '' })
  if (existsSync(join(hooksDir, 'pre-commit'))) {
    const pre = await runHook('pre-commit', [], hookEnv)
    if (pre.code !== 0) return { kind: 'refused', reason: hookReason('pre-commit', pre.stderr) }
    // A pre-commit hook may have restaged files (formatters): commit what it left.
    tree = (await git(['write-tree'], { cwd, env: privateIndex })).stdout.trim()
  }
  const messageFile = `${indexFile}.msg`
  await writeFile(messageFile, request.message.endsWith('\n') ? request.message : `${request.message}\n`)
  try {
    const msg = await runHook('commit-msg', ['--', messageFile], hookEnv)
    if (msg.code !== 0) return { kind: 'refused', reason: hookReason('commit-msg', msg.stderr) }
    const identity = request.author ? { GIT_AUTHOR_NAME: request.author.name, GIT_AUTHOR_EMAIL: request.author.email } : {}
    let commit: string
    try {
      commit = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', messageFile], { cwd, env: identity })).stdout.trim()
    } catch (error) {
      if (error instanceof GitError && /tell me who you are|empty ident|unable to auto-detect email/i.test(error.stderr)) {
        return { kind: 'refused', reason: 'no git identity (set user.name and user.email with git config)' }
      }
      throw error
    }
    const subject = (await readFile(messageFile, 'utf8')).split('\n')[0] ?? ''
    const update = await git(['update-ref', '-m', `commit (cms): ${subject}`, ref, commit, parent ?? '0'.repeat(commit.length)], { cwd, okCodes: [1, 128] })
    if (update.code !== 0) return 'head-moved'
    let warning: string | undefined
    try {
      await followInUserIndex(repo, parent, commit)
    } catch (error) {
      // The commit is made; only `git status` will show its files as staged back to the old state.
      warning = `${(error as Error).message} (run \`git reset -q -- <files>\` to refresh it)`
    }
    await runHook('post-commit', [], {})
    return { kind: 'committed', commit, branch: ref.replace(/^refs\/heads\//, ''), ...(warning ? { warning } : {}) }
  } finally {
    await rm(messageFile, { force: true })
  }
}

/** Every git call of a commit runs in the background (lower priority than the server). */
const git = (args: string[], options: GitRun) => runGit(args, { ...options, background: true })

/** The branch ref HEAD names, read from the git dir (refusalReason has checked it is one). */
function symbolicHead(repo: GitRepo): string | null {
  try {
    const m = /^ref: (refs\/heads\/\S+)/.exec(readFileSync(join(repo.gitDir, 'HEAD'), 'utf8'))
    return m ? m[1]! : null
  } catch {
    return null
  }
}

const allCodes = Array.from({ length: 256 }, (_, i) => i)

function hookReason(hook: string, stderr: string): string {
  const line = firstLine(stderr)
  return `${hook} hook failed${line ? `: ${line.slice(0, 200)}` : ''}`
}

/**
 * Moves the user's index to the new commit for the paths the commit changed, entry by entry,
 * only where it still held the old HEAD's version: a path the user had staged differently
 * keeps its staged content.
 */
async function followInUserIndex(repo: GitRepo, before: string | null, after: string): Promise<void> {
  const cwd = repo.top
  const zero = '0'.repeat(after.length)
  // Records: ":<old mode> <new mode> <old id> <new id> <status>" NUL <path> NUL
  const out = (await git(['diff-tree', '-r', '-z', '--no-renames', '--full-index', ...(before ? [before] : ['--root']), after], { cwd })).stdout
  const changes: Array<{ path: string; now: string | null }> = []
  const parts = out.split('\0')
  for (let i = 0; i + 1 < parts.length; i++) {
    if (!parts[i]!.startsWith(':')) continue
    const [, newMode, , newId] = parts[i]!.slice(1).split(' ')
    changes.push({ path: parts[i + 1]!, now: newId === zero ? null : `${newMode} ${newId}` })
    i++
  }
  if (changes.length === 0) return
  // Paths where the user's index differs from the old HEAD (what they staged: usually none).
  const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
  const stagedOut = (await git(['diff-index', '--cached', '--no-renames', '--name-only', '-z', before ?? EMPTY_TREE], { cwd })).stdout
  const staged = new Set(stagedOut.split('\0').filter(Boolean))
  const lines: string[] = []
  for (const c of changes) {
    if (staged.has(c.path)) continue
    lines.push(c.now ? `${c.now}\t${c.path}` : `0 ${zero}\t${c.path}`)
  }
  if (lines.length === 0) return
  // Editors and prompts run `git status` often, which holds index.lock for a moment: wait it out.
  for (let attempt = 0; ; attempt++) {
    const r = await git(['update-index', '-z', '--index-info'], { cwd, input: `${lines.join('\0')}\0`, okCodes: [128] })
    if (r.code === 0) return
    if (!/index\.lock/.test(r.stderr) || attempt >= 40) throw new GitError(`committed, but could not update your index: ${firstLine(r.stderr)}`, r.stderr, r.code)
    await new Promise((resolve) => setTimeout(resolve, 25 + attempt * 5))
  }
}

