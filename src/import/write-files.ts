import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * Writes an import's files into its staging folder: new folders and new files only, each file
 * written once in place (no temp file and rename per file: the staging folder is swapped in
 * whole once it is complete and flushed, and removed if the import stops half-way, so no torn
 * file can ever be seen). Large imports are written by worker threads in parallel batches while
 * the main thread serialises the next entries; small ones inline.
 */
export interface FileWriter {
  /** Queues folders to create (parents first) and files to write; resolves when there is room for more. */
  add(dirs: string[], files: Array<[path: string, data: string]>): Promise<void>
  /** Waits for every queued batch; rejects with the first write error. */
  finish(): Promise<void>
  /** Stops the workers (after finish, or on failure). */
  close(): Promise<void>
}

/** Files per batch handed to a worker: large enough that messaging is cheap, small enough to keep memory flat. */
const BATCH_FILES = 512

export function createFileWriter(options: { parallel: boolean }): FileWriter {
  if (!options.parallel) {
    return {
      async add(dirs, files) { writeBatch(dirs, files) },
      async finish() {},
      async close() {},
    }
  }
  const count = Math.max(2, Math.min(4, availableParallelism()))
  const workers = Array.from({ length: count }, () => new Worker(WORKER_SOURCE, { eval: true }))
  const idle: Worker[] = [...workers]
  const waiting: Array<() => void> = []
  const running = new Set<Promise<void>>()
  let failure: Error | null = null
  let dirs: string[] = []
  let files: Array<[string, string]> = []

  const dispatch = async (batchDirs: string[], batchFiles: Array<[string, string]>): Promise<void> => {
    while (idle.length === 0) await new Promise<void>((resolve) => waiting.push(resolve))
    const worker = idle.pop()!
    const done = new Promise<void>((resolve) => {
      worker.once('message', (reply: { error?: { message: string; code?: string } }) => {
        if (reply.error && !failure) failure = Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {})
        idle.push(worker)
        waiting.shift()?.()
        resolve()
      })
    })
    worker.postMessage({ dirs: batchDirs, files: batchFiles })
    running.add(done)
    void done.then(() => running.delete(done))
  }
  const flush = async () => {
    if (files.length === 0 && dirs.length === 0) return
    const batch: [string[], Array<[string, string]>] = [dirs, files]
    dirs = []
    files = []
    await dispatch(...batch)
  }
  return {
    async add(newDirs, newFiles) {
      if (failure) throw failure
      dirs.push(...newDirs)
      files.push(...newFiles)
      if (files.length >= BATCH_FILES) await flush()
    },
    async finish() {
      await flush()
      await Promise.all(running)
      if (failure) throw failure
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}

function writeBatch(dirs: string[], files: Array<[string, string]>): void {
  for (const dir of dirs) mkdirSync(dir)
  // `wx`: the staging folder is new, so is every file in it; never write through an existing one.
  for (const [path, data] of files) writeFileSync(path, data, { flag: 'wx', mode: 0o644 })
}

// The worker is plain source (eval), so it runs the same from src/ under a test runner and from
// dist/. An eval worker is parsed as an ES module when the process runs with
// --input-type=module (a site build calling importTemplate from `node -e`), where `require` is
// missing: process.getBuiltinModule works in both.
const WORKER_SOURCE = `
const { parentPort } = process.getBuiltinModule('node:worker_threads')
const { mkdirSync, writeFileSync } = process.getBuiltinModule('node:fs')
parentPort.on('message', ({ dirs, files }) => {
  try {
    for (const dir of dirs) mkdirSync(dir)
    for (const [path, data] of files) writeFileSync(path, data, { flag: 'wx', mode: 0o644 })
    parentPort.postMessage({})
  } catch (error) {
    parentPort.postMessage({ error: { message: error.message, code: error.code } })
  }
})`
