import { mkdir, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { randomBytes } from 'node:crypto'

type Op =
  | { kind: 'append'; text: string; sync: boolean; done: (error?: unknown) => void }
  | { kind: 'rewrite'; render: () => unknown[]; done: (error?: unknown) => void }

/**
 * An append-only JSON-lines file with group commit: appends made while a write is in flight
 * are written together and fsynced once, and each `append` resolves only after its lines
 * are on disk (when `durable`). A torn last line (crash mid-write) is skipped on read.
 */
export class Journal {
  readonly path: string
  readonly durable: boolean
  /** Lines in the file (read at open plus appended since). */
  lines = 0
  #handle: FileHandle | null = null
  #queue: Op[] = []
  #running: Promise<void> | null = null
  #closed = false

  private constructor(path: string, durable: boolean) {
    this.path = path
    this.durable = durable
  }

  /** Opens (without creating) a journal and returns the records it holds. */
  static async open(path: string, options: { durable?: boolean } = {}): Promise<{ journal: Journal; records: unknown[] }> {
    const journal = new Journal(path, options.durable ?? true)
    const records = await readRecords(path)
    journal.lines = records.length
    return { journal, records }
  }

  /**
   * Appends records; resolves once they are written (and fsynced unless `sync: false`, for
   * records whose loss in a power cut is harmless: they survive a killed process either way).
   */
  append(records: readonly unknown[], options: { sync?: boolean } = {}): Promise<void> {
    if (records.length === 0) return Promise.resolve()
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('')
    this.lines += records.length
    const sync = this.durable && options.sync !== false
    return this.#enqueue((done) => ({ kind: 'append', text, sync, done }))
  }

  /** Replaces the file with the records `render` returns when the rewrite's turn comes (atomic). */
  rewrite(render: () => unknown[]): Promise<void> {
    return this.#enqueue((done) => ({ kind: 'rewrite', render, done }))
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#running
    await this.#handle?.close().catch(() => {})
    this.#handle = null
  }

  #enqueue(make: (done: (error?: unknown) => void) => Op): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('webhook journal is closed'))
    return new Promise<void>((resolve, reject) => {
      this.#queue.push(make((error) => (error === undefined ? resolve() : reject(error))))
      this.#kick()
    })
  }

  /** Starts the drain loop unless it runs; restarts it for ops queued as it was finishing. */
  #kick(): void {
    if (this.#running || this.#queue.length === 0) return
    this.#running = this.#drain().finally(() => {
      this.#running = null
      this.#kick()
    })
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const op = this.#queue[0]!
      if (op.kind === 'rewrite') {
        this.#queue.shift()
        try {
          await this.#rewrite(op.render())
          op.done()
        } catch (error) {
          op.done(error)
        }
        continue
      }
      // Every append waiting in line goes out in one write and one fsync.
      const batch: Array<Extract<Op, { kind: 'append' }>> = []
      while (this.#queue[0]?.kind === 'append') batch.push(this.#queue.shift() as Extract<Op, { kind: 'append' }>)
      try {
        const handle = await this.#open()
        await handle.write(batch.map((op) => op.text).join(''))
        if (batch.some((op) => op.sync)) await handle.datasync()
        for (const op of batch) op.done()
      } catch (error) {
        for (const op of batch) op.done(error)
      }
    }
  }

  async #open(): Promise<FileHandle> {
    if (this.#handle) return this.#handle
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
    this.#handle = await open(this.path, 'a', 0o600)
    return this.#handle
  }

  async #rewrite(records: unknown[]): Promise<void> {
    const tmp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
    const handle = await open(tmp, 'w', 0o600)
    try {
      await handle.writeFile(records.map((r) => `${JSON.stringify(r)}\n`).join(''))
      if (this.durable) await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await rename(tmp, this.path)
    } catch (error) {
      await unlink(tmp).catch(() => {})
      throw error
    }
    await this.#handle?.close().catch(() => {})
    this.#handle = null
    this.lines = records.length
  }
}

async function readRecords(path: string): Promise<unknown[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const out: unknown[] = []
  for (const line of text.split('\n')) {
    if (!line) continue
    try {
      out.push(JSON.parse(line))
    } catch {
      // A line cut short by a crash: everything before it is intact.
    }
  }
  return out
}
