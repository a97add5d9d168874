import type { IncomingMessage, ServerResponse } from 'node:http'
import { listen, type Listener } from 'listhen'
import { toNodeHandler } from 'h3/node'
import type { H3 } from 'h3'
import { CmsError } from '../core/errors.ts'
import { answerClientErrors } from './client-error.ts'
import { beforeClose, fastReads } from './app.ts'

export interface ServerHandle {
  url: string
  port: number
  host: string
  close(): Promise<void>
}

/**
 * Serves the app with listhen on loopback by default. An explicitly requested port that is
 * taken is an error, never a silent move to another port: scripts rely on the port they asked for.
 */
export async function startServer(app: H3, options: { port?: number; host?: string } = {}): Promise<ServerHandle> {
  const host = options.host ?? '127.0.0.1'
  const requested = options.port ?? 0
  const viaH3 = toNodeHandler(app)
  const fast = fastReads.get(app)
  const handler = fast ? (req: IncomingMessage, res: ServerResponse) => (fast(req, res) ? undefined : viaH3(req, res)) : viaH3
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
    throw new CmsError('conflict', `Cannot listen on ${host}:${requested}: ${(error as Error).message}`)
  }
  answerClientErrors(listener.server)
  const address = listener.server.address()
  const port = typeof address === 'object' && address ? address.port : requested
  if (requested !== 0 && port !== requested) {
    await listener.close()
    throw new CmsError('conflict', `Port ${requested} on ${host} is already in use. Pick another with --port, or --port 0 for any free port.`)
  }
  const shownHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shownHost}:${port}`, port, host,
    close: () => {
      beforeClose.get(app)?.()
      return listener.close()
    },
  }
}
