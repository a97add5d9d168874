import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
// Not the global: `globalThis.performance` is an accessor Node resolves on every read.
import { performance } from 'node:perf_hooks'
import { toNodeHandler } from 'h3/node'
import { CmsError } from '../../core/errors.ts'
import { answerClientErrors } from './client-error.ts'
import type { CmsApp } from '../http/cms-app.ts'

export interface ServerHandle {
  url: string
  port: number
  host: string
  close(): Promise<void>
}

/**
 * Called once per answered request (the request log of `cms serve`): its method, the target as
 * sent (path and query), the status, the time to answer (ms) and the socket it came on (read
 * its address only when needed). Positional, not a record: this runs between two answers.
 */
export type ResponseHook = (method: string, path: string, status: number, ms: number, peer: { readonly remoteAddress?: string | undefined }) => void

/**
 * Serves the app on Node's own HTTP server, on loopback by default. An explicitly requested port
 * that is taken is an error, never a silent move to another port: scripts rely on the port they asked for.
 *
 * Why not listhen: it puts http-shutdown on every server, which adds a second `request`
 * listener and a `finish` listener per response to know which connections are idle at
 * shutdown. Measured under callgrind (docs/benchmarks.md): a bare node:http server answering a
 * cached read took 66,100 instructions per answer, 69,400 with http-shutdown (+5%). Node tracks
 * its connections itself (`closeIdleConnections`), which the close below uses; listhen gave
 * nothing else we use.
 */
export async function startServer(app: CmsApp, options: { port?: number; host?: string; onResponse?: ResponseHook } = {}): Promise<ServerHandle> {
  const host = options.host ?? '127.0.0.1'
  const requested = options.port ?? 0
  const viaH3 = toNodeHandler(app)
  const fast = app.fastRead
  const serve = fast ? (req: IncomingMessage, res: ServerResponse) => (fast(req, res) ? undefined : viaH3(req, res)) : viaH3
  const onResponse = options.onResponse
  const report = (req: IncomingMessage, res: ServerResponse, started: number): void => onResponse?.(req.method ?? '', req.url ?? '', res.statusCode, performance.now() - started, req.socket)
  const handler = onResponse ? (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    // The fast path answers and ends the response before it returns: logged at once. A
    // `close` listener per response cost a fast read 9% more instructions (bench/read.bench.mjs).
    if (fast?.(req, res)) return report(req, res, started)
    // `close` also covers a client that went away before the answer was complete.
    res.on('close', () => report(req, res, started))
    return viaH3(req, res)
  } : serve
  const server = createServer(handler as never)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(requested, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    const code = (error as { code?: string }).code
    const hint = 'Pick another with --port, or --port 0 for any free port.'
    if (code === 'EADDRINUSE') throw new CmsError('storage', `Port ${requested} on ${host} is already in use. ${hint}`)
    const why = code === 'EADDRNOTAVAIL' ? 'this machine has no such address' : code === 'EACCES' ? 'permission denied (ports below 1024 need privileges)' : (error as Error).message
    throw new CmsError('storage', `Cannot listen on ${host}:${requested}: ${why}. ${hint}`)
  }
  answerClientErrors(server)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : requested
  const shownHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`, port, host,
    close: () => {
      if (!closing) {
        app.beforeClose?.()
        closing = closeGracefully(server)
      }
      return closing
    },
  }
}

/**
 * Stops accepting connections and waits for the answers under way. Node's `close` ends the idle
 * keep-alive connections at once; a connection busy with a request becomes idle when its answer
 * is sent, and is ended by the next sweep (a client's open connection would otherwise hold the
 * close for its keep-alive timeout).
 */
function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS)
    server.close(() => {
      clearInterval(sweep)
      resolve()
    })
  })
}

const SWEEP_MS = 20
