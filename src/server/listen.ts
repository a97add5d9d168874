import type { IncomingMessage, ServerResponse } from 'node:http'
import { listen, type Listener } from 'listhen'
import { toNodeHandler } from 'h3/node'
import { CmsError } from '../core/errors.ts'
import { answerClientErrors } from './client-error.ts'
import type { CmsApp } from './cms-app.ts'

export interface ServerHandle {
  url: string
  port: number
  host: string
  close(): Promise<void>
}

/** One answered request, for the request log of `cms serve`. */
export interface RequestRecord {
  method: string
  /** The request target as sent (path and query). */
  path: string
  status: number
  ms: number
  ip: string
}

/**
 * Serves the app with listhen on loopback by default. An explicitly requested port that is
 * taken is an error, never a silent move to another port: scripts rely on the port they asked for.
 */
export async function startServer(app: CmsApp, options: { port?: number; host?: string; onResponse?: (r: RequestRecord) => void } = {}): Promise<ServerHandle> {
  const host = options.host ?? '127.0.0.1'
  const requested = options.port ?? 0
  const viaH3 = toNodeHandler(app)
  const fast = app.fastRead
  const serve = fast ? (req: IncomingMessage, res: ServerResponse) => (fast(req, res) ? undefined : viaH3(req, res)) : viaH3
  const onResponse = options.onResponse
  const record = (req: IncomingMessage, res: ServerResponse, started: number): RequestRecord => ({
    method: req.method ?? '', path: req.url ?? '', status: res.statusCode,
    ms: performance.now() - started, ip: req.socket.remoteAddress ?? '',
  })
  const handler = onResponse ? (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    // The fast path answers and ends the response before it returns: logged at once. A
    // `close` listener per response cost a fast read 9% more instructions (bench/read.bench.mjs).
    if (fast?.(req, res)) return onResponse(record(req, res, started))
    // `close` also covers a client that went away before the answer was complete.
    res.on('close', () => onResponse(record(req, res, started)))
    return viaH3(req, res)
  } : serve
  let listener: Listener
  try {
    listener = await listen(handler as never, {
      port: requested,
      hostname: host,
      showURL: false,
      open: false,
      clipboard: false,
      qr: false,
      public: host !== '127.0.0.1' && host !== 'localhost' && host !== '::1',
      autoClose: false,
      isTest: true,
    })
  } catch (error) {
    const code = (error as { code?: string }).code
    const why = code === 'EADDRINUSE' ? 'the port is already in use' : code === 'EADDRNOTAVAIL' ? 'this machine has no such address' : code === 'EACCES' ? 'permission denied (ports below 1024 need privileges)' : (error as Error).message
    throw new CmsError('storage', `Cannot listen on ${host}:${requested}: ${why}. Pick another with --port, or --port 0 for any free port.`)
  }
  answerClientErrors(listener.server)
  const address = listener.server.address()
  const port = typeof address === 'object' && address ? address.port : requested
  if (requested !== 0 && port !== requested) {
    await listener.close()
    throw new CmsError('storage', `Port ${requested} on ${host} is already in use. Pick another with --port, or --port 0 for any free port.`)
  }
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`, port, host,
    close: () => {
      app.beforeClose?.()
      return listener.close()
    },
  }
}
