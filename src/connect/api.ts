import { createClient, type RequestOptions } from '../client/index.ts'
import { CliError, EXIT } from './errors.ts'

/**
 * The HTTP API as the CLI and the MCP server call it: the package's client (`<package>/client`)
 * with the command line's error words. The same object whether a server answers over the
 * network or the app answers in this process (connect/in-process.ts).
 */
export interface ApiClient {
  /** Where requests go: the server's URL, or the address `cms serve` would listen on. */
  url: string
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>
}

export interface ApiOptions {
  url: string
  projectId: string
  token?: string | undefined
  /** The fetch that carries the requests: the app in process when no server runs. */
  fetch?: typeof globalThis.fetch
}

/** A request that got no answer in 30 s is reported, not waited for forever (uploads pass `timeout: 0`). */
const TIMEOUT_MS = 30_000

export function createApiClient(options: ApiOptions): ApiClient {
  const base = options.url.replace(/\/+$/, '')
  const client = createClient({
    baseUrl: base,
    projectId: options.projectId,
    ...(options.token ? { token: options.token } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return {
    url: base,
    request<T>(method: string, path: string, extra: RequestOptions = {}) {
      const dotted = dotSegment(path)
      if (dotted !== null) return Promise.reject(new CliError(`"${dotted}" is not a valid name or id here.`, EXIT.problem))
      const timeout = extra.timeout ?? TIMEOUT_MS
      return client.request<T>(method, path, { ...extra, ...(timeout > 0 ? { timeout } : {}) }).catch((error: unknown) => {
        const e = error as { data?: unknown; status?: number; cause?: unknown }
        // An answer with a JSON body: the API's own message, status and `errors`.
        if (e.data && typeof e.data === 'object') throw Object.assign(new Error((e.data as { message?: string }).message ?? 'request failed'), { data: e.data, status: e.status })
        // In process there is no network: what failed is said as it is.
        if (options.fetch) throw e.cause ?? error
        throw new CliError(`Cannot reach the server at ${base}: ${unreachable(error)}.`, EXIT.cannotRun)
      })
    },
  }
}

/**
 * A path segment that is `.` or `..` once decoded (URL parsing resolves even `%2e%2e`), so a
 * name or id taken from the command line cannot climb to another route (`entry get articles ..`).
 */
function dotSegment(path: string): string | null {
  for (const raw of path.split('?')[0]!.split('/')) {
    let segment = raw
    try { segment = decodeURIComponent(raw) } catch { /* the server answers a malformed escape */ }
    if (segment === '.' || segment === '..') return segment
  }
  return null
}

function unreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: string; cause?: { code?: string; message?: string } } }).cause
  const code = cause?.code ?? cause?.cause?.code
  if (code === 'ECONNREFUSED') return 'connection refused (is `cms serve` running there?)'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host'
  if (code === 'ETIMEDOUT' || (error as { name?: string }).name === 'TimeoutError') return 'no answer in time'
  if (code === 'ECONNRESET') return 'the connection was reset'
  return cause?.cause?.message ? `no answer (${cause.cause.message})` : 'no answer'
}
