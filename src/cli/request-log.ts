import { writeSync } from 'node:fs'
import type { ResolvedConfig } from '../config.ts'
import type { ResponseHook } from '../server/lifecycle/listen.ts'
import { forTerminal } from '../core/terminal.ts'

export type LogFormat = 'text' | 'json'

const MAX_PATH = 300
/** Lines wait at most this long before they are written… */
const FLUSH_MS = 50
/** …or until this many requests are pending. */
const FLUSH_RECORDS = 512

/**
 * The request log of `cms serve`: one line per answered request on stdout (`GET /articles 200
 * 1.4 ms`, or a JSON object per line), none with `quiet`. A 429 is always reported on stderr,
 * quiet or not: a site build that gets throttled must be able to see why.
 *
 * Requests are kept and written together (every 50 ms, or per 512, and at exit), not
 * one write per request: stdout to a pipe or file is a synchronous write on Linux, and one per
 * answer cost a fast read about as much as the rest of its own work (bench/read; docs/benchmarks.md).
 * Lines are formatted at that flush too, all in one loop, not one between two answers: a
 * cached read's cost is mostly cache misses, and formatting in between evicts Node's HTTP code
 * (docs/benchmarks.md, session 8).
 */
export function createRequestLog(options: { format: LogFormat; quiet: boolean; write?: (text: string) => void; config?: () => ResolvedConfig | undefined }): ResponseHook {
  const out = options.write ?? writeStdout
  const line = options.format === 'json' ? jsonLine : textLine
  // The pending requests as columns (four stores between two answers). Against one record
  // object each this measured the same (paired rounds, session 10): the log's cost was its
  // stream (writeStdout below), not its records.
  let methods: string[] = []
  let paths: string[] = []
  const statuses = new Uint16Array(FLUSH_RECORDS)
  const times = new Float64Array(FLUSH_RECORDS)
  let timer: NodeJS.Timeout | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    const n = paths.length
    if (n === 0) return
    let text = ''
    for (let i = 0; i < n; i++) text += line(methods[i]!, paths[i]!, statuses[i]!, times[i]!)
    methods = []
    paths = []
    out(text)
  }
  if (!options.quiet) atExit.add(flush)
  return (method, path, status, ms, peer) => {
    if (!options.quiet) {
      const i = paths.length
      methods.push(method)
      paths.push(path)
      statuses[i] = status
      times[i] = ms
      if (i + 1 >= FLUSH_RECORDS) flush()
      else if (!timer) (timer = setTimeout(flush, FLUSH_MS)).unref()
    }
    if (status === 429) {
      const c = options.config?.()
      const limit = c ? ` (limit ${c.rateLimitPerMinute} per ${c.rateLimitWindowMs === 60_000 ? 'minute' : `${c.rateLimitWindowMs} ms`})` : ''
      process.stderr.write(`warning: rate limited ${method} ${forTerminal(shortPath(path))} from ${peer.remoteAddress ?? ''}${limit}; raise or unset API_RATE_LIMIT_PER_MINUTE, or 0 to turn it off\n`)
    }
  }
}

/**
 * Writes to the process's stdout with `fs.writeSync(1)`, not `process.stdout.write`.
 *
 * Why: `process.stdout` is a stream on the same Writable and socket code as every HTTP answer;
 * writing the log through it made those shared call sites slower for the answers themselves.
 * Measured (a read-only server loaded at the same time as one without the log, CPU per
 * answer, 10 rounds): the log through the stream cost 3–6% of an answer, through writeSync
 * 0–1% (docs/benchmarks.md, session 10). A stdout that is non-blocking and full (EAGAIN), or
 * any other error, hands the rest to the stream, which queues it and reports as before; while
 * the stream holds bytes, later lines go after them, so lines stay in order.
 */
function writeStdout(text: string): void {
  if (streamed && process.stdout.writableLength > 0) {
    process.stdout.write(text)
    return
  }
  streamed = false
  const bytes = Buffer.from(text)
  let offset = 0
  try {
    while (offset < bytes.length) offset += writeSync(1, bytes, offset)
  } catch {
    streamed = true
    process.stdout.write(bytes.subarray(offset))
  }
}
let streamed = false

/**
 * Log lines print method and target unescaped: Node's parser answers 400, before any hook,
 * to a request line with control or non-ASCII bytes (test/e2e/end-users/terminal-escaping.test.ts).
 */
const shortPath = (path: string): string => {
  const shown = path.includes('=') ? hideSecrets(path) : path
  return shown.length > MAX_PATH ? `${shown.slice(0, MAX_PATH)}…` : shown
}
/** A browser's EventSource sends its read or preview token in the query (`GET /_events?token=`): never in the log. */
const hideSecrets = (path: string): string => path.replace(/([?&](?:token|preview)=)[^&#]*/gi, '$1[hidden]')
const textLine = (method: string, path: string, status: number, ms: number): string => `${method} ${shortPath(path)} ${status} ${tenths(ms)} ms\n`
const jsonLine = (method: string, path: string, status: number, ms: number): string => `${JSON.stringify({ method, path: shortPath(path), status, ms: Math.round(ms * 10) / 10 })}\n`

/**
 * `ms` rounded to a tenth as `String(Math.round(ms * 10) / 10)` prints it (`1.4`, `12`), from
 * integers: printing a fraction is the dearest part of a log line.
 */
function tenths(ms: number): string {
  const t = Math.round(ms * 10)
  if (!(t >= 0 && t < 2 ** 31)) return String(t / 10)
  const digit = t % 10
  return digit === 0 ? String(t / 10) : `${(t - digit) / 10}.${digit}`
}

/** Pending lines of every log are written before the process exits (stdout to a pipe or file is synchronous there). */
const atExit = new Set<() => void>()
process.once('exit', () => { for (const flush of atExit) flush() })
