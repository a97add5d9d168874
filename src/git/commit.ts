import { copyFile, lstat, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { git as runGit, GitError, firstLine, type GitRun } from './exec.ts'
import { claimPrivateIndex, refLockReason, userLockReason } from './locks.ts'
import { cleanAuthorName, cleanMessage } from './message.ts'
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
  /** Paths from the top of the work tree: files, or folders (ending in `/`) whose whole content goes in, as on disk now. */
  paths: string[]
  /**
   * Files committed with exactly these bytes (null: removed), whatever the disk holds now: what
   * one author's writes left, when another author may have written the same file since.
   */
  written?: Map<string, string | null>
  message: string
  author: Author | null
}

/** Commits through one private index run one at a time (the lock git takes on it would refuse a second). */
const turns = new Map<string, Promise<unknown>>()

/**
 * Commits exactly `paths` as they are on disk now, on top of HEAD, through a private index
 * (`indexFile`, seeded from HEAD): the user's index and work tree are left as they were.
 * Plumbing (`commit-tree`, `update-ref` with the old value), so a commit the user makes at the
 * same moment is never overwritten; the repository's pre-commit, commit-msg and post-commit
 * hooks still run. The user's index is then moved along for the committed paths only where it
 * still matched the old HEAD, so `git status` shows them clean and nothing staged is lost.
 */
export function commitPaths(repo: GitRepo, indexFile: string, request: CommitRequest): Promise<CommitOutcome> {
  const run = (turns.get(indexFile) ?? Promise.resolve()).then(() => commitInTurn(repo, indexFile, request))
  const settled = run.catch(() => {})
  turns.set(indexFile, settled)
  void settled.then(() => { if (turns.get(indexFile) === settled) turns.delete(indexFile) })
  return run
}

async function commitInTurn(repo: GitRepo, indexFile: string, request: CommitRequest): Promise<CommitOutcome> {
  // Our commits through this index are serialised: a lock on it now is a dead process's.
  const busy = await claimPrivateIndex(indexFile, (line) => console.error(`[cms] ${line}`))
  if (busy) return { kind: 'refused', reason: busy }
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
  if (request.written && request.written.size > 0) await stageWritten(cwd, indexFile, request.written)
  if (files.length > 0) {
    // Files by name, with no walk of the work tree (far cheaper than `git add` with pathspecs;
    // docs/benchmarks.md): added, updated, or removed when gone. Untracked ignored files stay out, as with `git add`.
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
  const message = cleanMessage(request.message)
  await writeFile(messageFile, message.endsWith('\n') ? message : `${message}\n`)
  try {
    const msg = await runHook('commit-msg', ['--', messageFile], hookEnv)
    if (msg.code !== 0) return { kind: 'refused', reason: hookReason('commit-msg', msg.stderr) }
    const identity = request.author ? { GIT_AUTHOR_NAME: cleanAuthorName(request.author.name), GIT_AUTHOR_EMAIL: request.author.email.replace(/[\s<>\u0000-\u001f\u007f]/g, '') } : {}
    let commit: string
    try {
      commit = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', messageFile], { cwd, env: identity })).stdout.trim()
    } catch (error) {
      if (error instanceof GitError && /tell me who you are|empty ident|unable to auto-detect email/i.test(error.stderr)) {
        return { kind: 'refused', reason: 'no git identity (set user.name and user.email with git config)' }
      }
      throw error
    }
    // A commit-msg hook may have written anything: the reflog line is cleaned again.
    const subject = cleanMessage((await readFile(messageFile, 'utf8')).split('\n')[0] ?? '').replace(/[\t\n]/g, ' ')
    // The user's index follows the commit in the same step (under their index.lock, as `git
    // commit` does): a commit their index would not follow is not made, or their next plain
    // `git commit` would put the old content back.
    const follow = await prepareUserIndex(repo, indexFile, parent, commit)
    if (follow.kind === 'refused') return follow
    let moved = false
    try {
      const update = await git(['update-ref', '-m', `commit (cms): ${subject}`, ref, commit, parent ?? '0'.repeat(commit.length)], { cwd, okCodes: [1, 128] })
      if (update.code !== 0) {
        // A ref lock left by a stopped git is no moved HEAD: retrying cannot help, say what blocks.
        if (/Unable to create .*\.lock|cannot lock ref/i.test(update.stderr) && !/but expected|is at /.test(update.stderr)) {
          return { kind: 'refused', reason: refLockReason(repo) ?? `the branch is locked: ${firstLine(update.stderr).replace(/^(fatal|error): /, '').replaceAll(repo.top, '.')}` }
        }
        return 'head-moved'
      }
      moved = true
    } finally {
      if (!moved) await follow.release()
    }
    let warning: string | undefined
    try {
      await follow.apply()
    } catch (error) {
      // Only a failing disk gets here: the commit is made and the user must hear about their index.
      warning = `committed, but could not update your git index (${(error as Error).message}); run \`git reset -q -- <files>\` before your next commit, or it would undo this one`
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
 * Stages `written` (path from the top → bytes, null for removed) in the private index: the
 * bytes become blobs through one `hash-object` (from files beside the index, never from the
 * work tree, which may hold a later write by someone else). Untracked ignored paths stay out.
 */
async function stageWritten(cwd: string, indexFile: string, written: Map<string, string | null>): Promise<void> {
  const indexOnly = { GIT_INDEX_FILE: indexFile }
  const paths = [...written.keys()]
  const ignored = await git(['check-ignore', '-z', '--stdin'], { cwd, env: indexOnly, input: `${paths.join('\0')}\0`, okCodes: [1] })
  const skip = new Set(ignored.stdout.split('\0').filter(Boolean))
  const kept = paths.filter((p) => !skip.has(p))
  const present = kept.filter((p) => written.get(p) !== null)
  const ids: string[] = []
  if (present.length > 0) {
    const dir = `${indexFile}.blobs`
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    try {
      const temp = present.map((_, i) => join(dir, String(i)))
      await Promise.all(present.map((p, i) => writeFile(temp[i]!, written.get(p)!)))
      // --no-filters: the store's own bytes (LF text) are what the commit holds.
      const out = await git(['hash-object', '-w', '--no-filters', '--stdin-paths'], { cwd, input: `${temp.join('\n')}\n` })
      ids.push(...out.stdout.trim().split('\n'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  const zero = '0'.repeat(ids[0]?.length ?? 40)
  const lines = [
    ...present.map((p, i) => `100644 ${ids[i]}\t${p}`),
    ...kept.filter((p) => written.get(p) === null).map((p) => `0 ${zero}\t${p}`),
  ]
  if (lines.length > 0) await git(['update-index', '-z', '--index-info'], { cwd, env: indexOnly, input: `${lines.join('\0')}\0` })
}

type UserIndexStep =
  | { kind: 'refused'; reason: string }
  | { kind: 'ready'; apply(): Promise<void>; release(): Promise<void> }

/**
 * Takes the user's `.git/index.lock` (waiting out a passing `git status`) and computes their
 * index moved to `after` for the paths the commit changed, only where it still held the old
 * HEAD's version (a path staged differently keeps what was staged). `apply` renames the new
 * index into place (git's own lock protocol); `release` gives the lock back untouched.
 * Refused when the lock stays taken or the index cannot be read: then no commit is made.
 */
async function prepareUserIndex(repo: GitRepo, indexFile: string, before: string | null, after: string): Promise<UserIndexStep> {
  const cwd = repo.top
  const userIndex = join(repo.gitDir, 'index')
  const lockPath = `${userIndex}.lock`
  const noop = { kind: 'ready' as const, apply: async () => {}, release: async () => {} }
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
  // No index yet (nothing ever staged): git reads that as empty; there is nothing to keep in step.
  if (changes.length === 0 || !existsSync(userIndex)) return noop

  let lock: Awaited<ReturnType<typeof open>> | null = null
  for (let attempt = 0; !lock; attempt++) {
    try {
      lock = await open(lockPath, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return { kind: 'refused', reason: `cannot lock your git index: ${(error as Error).message.replaceAll(repo.top, '.')}` }
      // Editors and prompts run `git status` often, which holds index.lock for a moment: wait it out (~3 s).
      if (attempt >= 40) return { kind: 'refused', reason: userLockReason(repo) ?? "git's index is locked: .git/index.lock stayed for more than 3 s (a git command is running, or one was stopped; remove the file if no git command runs)" }
      await new Promise((done) => setTimeout(done, 25 + attempt * 2))
    }
  }
  const held = lock
  const next = `${indexFile}.user`
  const release = async () => {
    await held.close().catch(() => {})
    await rm(lockPath, { force: true })
    await rm(next, { force: true })
  }
  try {
    await copyFile(userIndex, next)
    const env = { GIT_INDEX_FILE: next }
    // Paths where the user's index differs from the old HEAD (what they staged: usually none).
    const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
    const stagedOut = (await git(['diff-index', '--cached', '--no-renames', '--name-only', '-z', before ?? EMPTY_TREE], { cwd, env })).stdout
    const staged = new Set(stagedOut.split('\0').filter(Boolean))
    const lines = changes.filter((c) => !staged.has(c.path)).map((c) => (c.now ? `${c.now}\t${c.path}` : `0 ${zero}\t${c.path}`))
    if (lines.length === 0) {
      await release()
      return noop
    }
    await git(['update-index', '-z', '--index-info'], { cwd, env, input: `${lines.join('\0')}\0` })
    const bytes = await readFile(next)
    return {
      kind: 'ready',
      release,
      async apply() {
        try {
          await held.writeFile(bytes)
          await held.sync()
          await held.close()
          await rename(lockPath, userIndex)
        } catch (error) {
          await release()
          throw error
        }
        // The lock is gone with the rename: a new one is someone else's.
        await rm(next, { force: true })
      },
    }
  } catch (error) {
    await release()
    return { kind: 'refused', reason: `cannot update your git index: ${firstLine((error as GitError).stderr ?? '') || (error as Error).message}`.replaceAll(repo.top, '.') }
  }
}
