import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { spawnViaHelper } from '../core/spawner.ts'
import { createLayout } from '../storage/paths.ts'
import { setAsideFolders } from '../storage/removals.ts'

/**
 * Reads git revisions with plumbing only (`rev-parse`, `ls-tree`, `cat-file --batch`): no
 * checkout, no working-tree change, so `cms diff` is safe in any CI checkout.
 */
class GitError extends Error {
  override name = 'GitError'
}

async function git(cwd: string, args: string[], env?: Record<string, string>): Promise<string> {
  // From the spawner's helper (core/spawner.ts): no fork of this process per command.
  let answer
  try {
    answer = await spawnViaHelper({ command: 'git', args, cwd, env: { ...process.env, ...env } as Record<string, string> })
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw new GitError('git is not installed or not on PATH')
    throw new GitError((error as Error).message)
  }
  if (answer.code === 0) return answer.stdout.toString('utf8')
  const first = (answer.stderr.toString('utf8').trim() || `git ${args[0]} failed`).split('\n')[0] ?? 'git failed'
  // In the user's terms: what is wrong with the folder or revision they gave, not git's words.
  if (/not a git repository/i.test(first)) throw new GitError(`${cwd} is not inside a git repository: cms diff compares two git revisions of the content root (run it in a clone, or pass --dir).`)
  throw new GitError(first.replace(/^fatal: /, ''))
}

export interface Repo {
  top: string
  /** The content root's path inside the repository, `/`-separated, '' at the top. */
  prefix: string
}

export async function openRepo(contentDir: string): Promise<Repo> {
  const real = await realpath(contentDir).catch(() => { throw new GitError(`No content directory at ${contentDir}`) })
  const top = (await git(real, ['rev-parse', '--show-toplevel'])).trim()
  const prefix = relative(await realpath(top), real).split(sep).join('/')
  return { top, prefix }
}

export async function resolveCommit(repo: Repo, rev: string): Promise<string> {
  if (rev.startsWith('-')) throw new GitError(`Not a revision: ${rev}`)
  try {
    return (await git(repo.top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`])).trim()
  } catch {
    throw new GitError(`Unknown revision: ${rev}`)
  }
}

/**
 * The content root's work tree as a commit on top of HEAD (an object nothing points at; `git gc`
 * removes it), so `cms diff <base>` compares with uncommitted edits as `git diff <base>` does;
 * new files that are not ignored count too, as they do in the editor's Changes screen. Built in
 * a throwaway copy of the user's index (its stat cache spares re-reading unchanged files): the
 * user's own index is never written.
 */
export async function workTreeCommit(repo: Repo, contentDir: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-diff-'))
  try {
    const index = join(dir, 'index')
    const userIndex = resolve(repo.top, (await git(repo.top, ['rev-parse', '--git-path', 'index'])).trim())
    await copyFile(userIndex, index).catch(() => {})
    const env = { GIT_INDEX_FILE: index, GIT_AUTHOR_NAME: 'cms', GIT_AUTHOR_EMAIL: 'cms@localhost', GIT_COMMITTER_NAME: 'cms', GIT_COMMITTER_EMAIL: 'cms@localhost' }
    const head = (await git(repo.top, ['rev-parse', '-q', '--verify', 'HEAD^{commit}']).catch(() => '')).trim()
    const scoped = (p: string) => (repo.prefix ? `${repo.prefix}/${p}` : p)
    // Folders a removal sets aside for a moment are never content.
    const aside = setAsideFolders(createLayout(contentDir)).map((d) => `:(exclude,literal)${scoped(d)}`)
    await git(repo.top, ['add', '-A', '--', `:(literal)${repo.prefix || '.'}`, ...aside], env)
    const tree = (await git(repo.top, ['write-tree'], env)).trim()
    // A clean work tree is HEAD itself.
    if (head && tree === (await git(repo.top, ['rev-parse', `${head}^{tree}`])).trim()) return head
    return (await git(repo.top, ['commit-tree', tree, ...(head ? ['-p', head] : []), '-m', 'cms diff: work tree'], env)).trim()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Blob ids of the files under the content root at `commit` (only under `paths`, relative to
 * the root, when given), keyed by path relative to the root.
 */
export async function listBlobs(repo: Repo, commit: string, paths?: string[]): Promise<Map<string, string>> {
  const args = ['ls-tree', '-r', '-z', '--full-tree', commit, '--']
  const scope = (p: string) => (repo.prefix ? `${repo.prefix}/${p}` : p)
  if (paths) args.push(...paths.map(scope))
  else if (repo.prefix) args.push(repo.prefix)
  const out = await git(repo.top, args)
  const blobs = new Map<string, string>()
  const cut = repo.prefix ? repo.prefix.length + 1 : 0
  // Records: "<mode> SP <type> SP <id> TAB <path> NUL"
  for (let i = 0; i < out.length;) {
    const nul = out.indexOf('\0', i)
    const end = nul < 0 ? out.length : nul
    const sp1 = out.indexOf(' ', i)
    const sp2 = out.indexOf(' ', sp1 + 1)
    const tab = out.indexOf('\t', sp2)
    if (out.startsWith('blob', sp1 + 1)) blobs.set(out.slice(tab + 1 + cut, end), out.slice(sp2 + 1, tab))
    i = end + 1
  }
  return blobs
}

export interface FileChange {
  /** Path relative to the content root. */
  path: string
  /** Blob id on each side; null where the file does not exist. */
  before: string | null
  after: string | null
}

/**
 * Files under the content root that differ between two commits, with their blob ids on
 * both sides. git compares trees and skips identical subtrees, so the cost follows the size
 * of the change, not of the tree.
 */
export async function changedFiles(repo: Repo, base: string, head: string): Promise<FileChange[]> {
  const args = ['diff-tree', '-r', '-z', '--no-renames', '--full-index', base, head, '--']
  if (repo.prefix) args.push(repo.prefix)
  const out = await git(repo.top, args)
  const cut = repo.prefix ? repo.prefix.length + 1 : 0
  const zero = /^0+$/
  const changes: FileChange[] = []
  // Records: ":<mode> <mode> <id> <id> <status> NUL <path> NUL"
  const parts = out.split('\0')
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i]!.split(' ')
    if (!meta[0]?.startsWith(':')) { i--; continue }
    const [before, after] = [meta[2]!, meta[3]!]
    changes.push({ path: parts[i + 1]!.slice(cut), before: zero.test(before) ? null : before, after: zero.test(after) ? null : after })
  }
  return changes
}

/** Contents of many blobs through one `git cat-file --batch` process. */
export function readBlobs(repo: Repo, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)]
  const out = new Map<string, string>()
  if (wanted.length === 0) return Promise.resolve(out)
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: repo.top, stdio: ['pipe', 'pipe', 'pipe'] })
    let buffer: Buffer = Buffer.alloc(0)
    let index = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
      for (;;) {
        const nl = buffer.indexOf(10)
        if (nl < 0) return
        const header = buffer.subarray(0, nl).toString('utf8').split(' ')
        if (header[1] === 'missing') { buffer = buffer.subarray(nl + 1); index++; continue }
        const size = Number(header[2])
        if (buffer.length < nl + 1 + size + 1) return
        out.set(header[0]!, buffer.subarray(nl + 1, nl + 1 + size).toString('utf8'))
        buffer = buffer.subarray(nl + 1 + size + 1)
        index++
      }
    })
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    child.on('error', (error) => reject(new GitError(`git cat-file failed: ${error.message}`)))
    child.on('close', (code) => {
      if (code !== 0 || index < wanted.length) reject(new GitError(`git cat-file failed: ${stderr.trim() || `exit ${code}`}`))
      else resolve(out)
    })
    child.stdin.end(`${wanted.join('\n')}\n`)
  })
}
