import type { ResolvedConfig } from '../config.ts'
import type { RequestRecord } from '../server/listen.ts'

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
 * Requests are kept as records and written together (every 50 ms, or per 512, and at exit), not
 * one write per request: stdout to a pipe or file is a synchronous write on Linux, and one per
 * answer cost a fast read about as much as the rest of its own work (measured: bench/read).
 * Lines are formatted at that flush too, all in one loop, not one between two answers: a
 * cached read's cost is mostly cache misses, and formatting in between evicts Node's HTTP code
 * (docs/benchmarks.md, session 8).
 */
export function createRequestLog(options: { format: LogFormat; quiet: boolean; write?: (text: string) => void }): (record: RequestRecord, config?: ResolvedConfig) => void {
  const out = options.write ?? ((text: string) => { process.stdout.write(text) })
  const line = options.format === 'json' ? jsonLine : textLine
  let pending: RequestRecord[] = []
  let timer: NodeJS.Timeout | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (pending.length === 0) return
    const records = pending
    pending = []
    out(records.map(line).join(''))
  }
  if (!options.quiet) atExit.add(flush)
  return (record, config) => {
    if (!options.quiet) {
      pending.push(record)
      if (pending.length >= FLUSH_RECORDS) flush()
      else if (!timer) (timer = setTimeout(flush, FLUSH_MS)).unref()
    }
    if (record.status === 429) {
      const limit = config ? ` (limit ${config.rateLimitPerMinute} per ${config.rateLimitWindowMs === 60_000 ? 'minute' : `${config.rateLimitWindowMs} ms`})` : ''
      process.stderr.write(`warning: rate limited ${record.method} ${shortPath(record.path)} from ${record.ip}${limit}; raise or unset API_RATE_LIMIT_PER_MINUTE, or 0 to turn it off\n`)
    }
  }
}

const shortPath = (path: string): string => (path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path)
const textLine = (r: RequestRecord): string => `${r.method} ${shortPath(r.path)} ${r.status} ${tenths(r.ms)} ms\n`
const jsonLine = (r: RequestRecord): string => `${JSON.stringify({ method: r.method, path: shortPath(r.path), status: r.status, ms: Math.round(r.ms * 10) / 10 })}\n`

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
