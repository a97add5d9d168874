import type { ResolvedConfig } from '../config.ts'
import type { RequestRecord } from '../server/listen.ts'

export type LogFormat = 'text' | 'json'

const MAX_PATH = 300

/**
 * The request log of `cms serve`: one line per answered request on stdout (`GET /articles 200
 * 1.4 ms`, or a JSON object per line), none with `quiet`. A 429 is always reported on stderr,
 * quiet or not: a site build that gets throttled must be able to see why.
 */
export function createRequestLog(options: { format: LogFormat; quiet: boolean }): (record: RequestRecord, config?: ResolvedConfig) => void {
  return (record, config) => {
    const path = record.path.length > MAX_PATH ? `${record.path.slice(0, MAX_PATH)}…` : record.path
    const ms = Math.round(record.ms * 10) / 10
    if (!options.quiet) {
      process.stdout.write(options.format === 'json'
        ? `${JSON.stringify({ method: record.method, path, status: record.status, ms })}\n`
        : `${record.method} ${path} ${record.status} ${ms} ms\n`)
    }
    if (record.status === 429) {
      const limit = config ? ` (limit ${config.rateLimitPerMinute} per ${config.rateLimitWindowMs === 60_000 ? 'minute' : `${config.rateLimitWindowMs} ms`})` : ''
      process.stderr.write(`warning: rate limited ${record.method} ${path} from ${record.ip}${limit}; raise or unset API_RATE_LIMIT_PER_MINUTE, or 0 to turn it off\n`)
    }
  }
}
