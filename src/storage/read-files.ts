import { closeSync, openSync, readFileSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { checkFile, type FileKind } from './file-schemas.ts'
import { ParseError, parseJson, parseYaml } from './codec.ts'
import { READ_NOFOLLOW } from './contained.ts'

/** A file that could not be used, with what is wrong and where. */
export interface FileProblem {
  /** Path relative to the content root, `/`-separated. */
  file: string
  message: string
  line?: number
  column?: number
}

export type ReadResult<T> = { ok: true; value: T; text: string } | { ok: false; problem: FileProblem; missing?: boolean }

/**
 * Reads, parses and schema-checks one file. Never throws for content problems: a broken
 * file becomes a `FileProblem` so the caller can keep the last good state and go on.
 */
export async function readChecked(path: string, rel: string, kind: FileKind): Promise<ReadResult<Record<string, unknown>>> {
  let text: string
  try {
    text = await readFile(path, { encoding: 'utf8', flag: READ_NOFOLLOW })
  } catch (error) {
    return unreadable(error, rel)
  }
  return parseChecked(text, rel, kind)
}

/** `readChecked` without the promise: for the startup load of many small files. */
export function readCheckedSync(path: string, rel: string, kind: FileKind): ReadResult<Record<string, unknown>> {
  let text: string
  try {
    const fd = openSync(path, READ_NOFOLLOW)
    try {
      text = readFileSync(fd, 'utf8')
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    return unreadable(error, rel)
  }
  return parseChecked(text, rel, kind)
}

function unreadable(error: unknown, rel: string): ReadResult<never> {
  const code = (error as NodeJS.ErrnoException).code
  // O_NOFOLLOW: a symbolic link fails with ELOOP and is never followed out of the tree.
  const message = code === 'ENOENT' ? 'file not found' : code === 'ELOOP' ? 'symbolic link: never followed' : `cannot read: ${code}`
  return { ok: false, missing: code === 'ENOENT', problem: { file: rel, message } }
}

export function parseChecked(text: string, rel: string, kind: FileKind): ReadResult<Record<string, unknown>> {
  let value: unknown
  try {
    value = rel.endsWith('.json') ? parseJson(text) : parseYaml(text)
  } catch (error) {
    const e = error as ParseError
    return { ok: false, problem: { file: rel, message: `${rel.endsWith('.json') ? 'JSON' : 'YAML'} syntax error: ${e.message}`, ...(e.line ? { line: e.line } : {}), ...(e.column ? { column: e.column } : {}) } }
  }
  if (value === null || value === undefined) value = {}
  const problems = checkFile(kind, value)
  if (problems.length > 0) return { ok: false, problem: { file: rel, message: problems.join('; ') } }
  return { ok: true, value: value as Record<string, unknown>, text }
}

/** Names in a directory; a missing directory is empty. */
export async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; keeps the file-descriptor count bounded. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

export const joinRel = (...parts: string[]): string => join(...parts).split('\\').join('/')
