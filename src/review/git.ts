import { execFile, spawn } from 'node:child_process'
import { realpath } from 'node:fs/promises'
import { relative, sep } from 'node:path'
import { promisify } from 'node:util'

/**
 * Reads git revisions with plumbing only (`rev-parse`, `ls-tree`, `cat-file --batch`): no
 * checkout, no working-tree change, so `cms diff` is safe in any CI checkout.
 */
const run = promisify(execFile)

export class GitError extends Error {
  override name = 'GitError'
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 1 << 30, encoding: 'utf8' })
    return stdout
  } catch (error) {
    const e = error as { stderr?: string; code?: string | number; message: string }
    if (e.code === 'ENOENT') throw new GitError('git is not installed or not on PATH')
    throw new GitError((e.stderr ?? e.message).trim().split('\n')[0] ?? 'git failed')
  }
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

/** Blob ids of every file under the content root at `commit`, keyed by path relative to the root. */
export async function listBlobs(repo: Repo, commit: string): Promise<Map<string, string>> {
  const args = ['ls-tree', '-r', '-z', '--full-tree', commit]
  if (repo.prefix) args.push('--', repo.prefix)
  const out = await git(repo.top, args)
  const blobs = new Map<string, string>()
  const cut = repo.prefix ? repo.prefix.length + 1 : 0
  for (const record of out.split('\0')) {
    if (!record) continue
    const tab = record.indexOf('\t')
    const meta = record.slice(0, tab).split(' ')
    if (meta[1] !== 'blob') continue
    blobs.set(record.slice(tab + 1 + cut), meta[2]!)
  }
  return blobs
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
