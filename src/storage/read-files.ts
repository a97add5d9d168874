import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs'
import { open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { checkFileProblems, type FileKind } from './file-schemas.ts'
import { lineOfPath } from './line-of-path.ts'
import { ParseError, parseJson, parseYaml } from './codec.ts'
import { READ_NOFOLLOW } from './contained.ts'
import { MAX_FILE_BYTES, MAX_JSON_DEPTH, jsonTextDepth, valueTooDeep } from '../core/limits.ts'
import { fileProblem, type FileProblem } from './problems.ts'

export type ReadResult<T> = { ok: true; value: T; text: string } | { ok: false; problem: FileProblem; missing?: boolean }

/**
 * Reads, parses and schema-checks one file. Never throws for content problems: a broken
 * file becomes a `FileProblem` so the caller can keep the last good state and go on.
 */
export async function readChecked(path: string, rel: string, kind: FileKind): Promise<ReadResult<Record<string, unknown>>> {
  let text: string
  try {
    const handle = await open(path, READ_NOFOLLOW)
    try {
      const size = (await handle.stat()).size
      if (size > MAX_FILE_BYTES) return { ok: false, problem: tooLarge(rel, size) }
      text = await handle.readFile('utf8')
    } finally {
      await handle.close()
    }
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
      const size = fstatSync(fd).size
      if (size > MAX_FILE_BYTES) return { ok: false, problem: tooLarge(rel, size) }
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
  const problem = code === 'ENOENT' ? fileProblem('missing', rel, []) : code === 'ELOOP' ? fileProblem('symlink', rel, []) : fileProblem('unreadable', rel, [readError(code)])
  return { ok: false, missing: code === 'ENOENT', problem }
}


/** The problem a file over MAX_FILE_BYTES is reported with (it is never read). */
export function tooLarge(rel: string, size: number): FileProblem {
  return fileProblem('too_large', rel, [size])
}

/**
 * Parses and schema-checks a file's text. Within the limits requests have too: a value
 * nested deeper than MAX_JSON_DEPTH is a problem of this file, never a stack overflow later
 * in code that walks values (lists, sorts, filters, writes, `cms validate`).
 */
export function parseChecked(text: string, rel: string, kind: FileKind): ReadResult<Record<string, unknown>> {
  if (text.length > MAX_FILE_BYTES) return { ok: false, problem: tooLarge(rel, Buffer.byteLength(text)) }
  const json = rel.endsWith('.json')
  if (json && jsonTextDepth(text) > MAX_JSON_DEPTH) return { ok: false, problem: tooDeep(rel) }
  let value: unknown
  try {
    value = json ? parseJson(text) : parseYaml(text)
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, problem: tooDeep(rel) }
    const e = error as ParseError
    return { ok: false, problem: fileProblem('syntax', rel, [json ? 'JSON' : 'YAML', e.message], { line: e.line, column: e.column }) }
  }
  if (value === null || value === undefined) value = {}
  if (valueTooDeep(value)) return { ok: false, problem: tooDeep(rel) }
  const problems = checkFileProblems(kind, value)
  if (problems.length > 0) {
    const line = lineOfPath(text, problems[0]!.path, rel.endsWith('.json'))
    return { ok: false, problem: fileProblem('schema', rel, [problems.map((p) => p.message).join('; ')], { line }) }
  }
  return { ok: true, value: value as Record<string, unknown>, text }
}

function tooDeep(rel: string): FileProblem {
  return fileProblem('too_deep', rel, [])
}

/** A read failure in words (not `ENOTDIR`). */
export function readError(code: string | undefined): string {
  switch (code) {
    case 'EACCES': case 'EPERM': return 'permission denied'
    case 'ENOTDIR': return 'a folder on its path is a file'
    case 'EISDIR': return 'it is a folder'
    case 'EMFILE': case 'ENFILE': return 'too many open files'
    default: return code ?? 'unknown error'
  }
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

/**
 * Runs `fn` over `items` with at most `limit` in flight; keeps the file-descriptor count bounded.
 * Hand-written rather than p-limit because p-limit queues a closure per item and read a
 * content tree several times slower (docs/benchmarks.md, "Measurements behind the code"). This
 * runs the store's load of every content file.
 */
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
