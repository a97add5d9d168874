import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { ABILITIES, type Ability } from '../../../src/core/types.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import type { ContentStore } from '../../../src/storage/store.ts'
import type { RouteSpec } from '../../../src/server/access/route-access.ts'

export const MSG = {
  header: 'Project header missing.',
  project: 'Project not found.',
  unauth: 'Unauthenticated.',
  forbidden: "API token doesn't have the right abilities!",
} as const

/** One token per ability and one with every ability but that one, plus a full token. */
export async function makeTokens(store: ContentStore): Promise<{ only: Record<Ability, string>; allBut: Record<Ability, string>; full: string }> {
  const only = {} as Record<Ability, string>
  const allBut = {} as Record<Ability, string>
  for (const ability of ABILITIES) {
    only[ability] = (await createToken(store, { name: `only-${ability}`, abilities: [ability] })).token
    allBut[ability] = (await createToken(store, { name: `all-but-${ability}`, abilities: ABILITIES.filter((a) => a !== ability) })).token
  }
  const full = (await createToken(store, { name: 'full', abilities: ['*'] })).token
  return { only, allBut, full }
}

/**
 * A concrete path for a route pattern whose parameters name nothing that exists, so a handler
 * that runs answers 404/422 and changes nothing, whatever the route does.
 */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'collection' || name === 'slug') return 'zz-missing'
    if (name === 'n' || name === 'version') return '999'
    if (name === 'locale') return 'zz'
    if (name === 'filename') return 'missing.txt'
    return '0e8f1a52-7c11-4d7b-9a0e-5b1f6b7d9c01'
  })
}

export const needsToken = (route: Pick<RouteSpec, 'ability' | 'token'>, api: 'public' | 'private'): boolean =>
  route.ability !== null && (route.token === 'always' || route.ability !== 'read' || api === 'private')

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * A request sent byte for byte as given (path not normalised, any header), for inputs that
 * fetch() would clean up or refuse: `..` segments, invalid UTF-8, oversized headers.
 */
export function rawRequest(base: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path,
      headers: { connection: 'close', ...options.headers, ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}) },
      insecureHTTPParser: true,
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}

/** Writes raw bytes to the server and parses the status line, headers and body of the answer. */
export function socketRequest(base: string, bytes: Buffer): Promise<RawResponse> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => socket.end(bytes))
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = head.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const i = line.indexOf(':')
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
      }
      let body = rest.join('\r\n\r\n')
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body)
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, text: body })
    })
  })
}

function dechunk(body: string): string {
  let out = ''
  let rest = body
  for (;;) {
    const nl = rest.indexOf('\r\n')
    if (nl === -1) break
    const size = Number.parseInt(rest.slice(0, nl), 16)
    if (!size) break
    out += rest.slice(nl + 2, nl + 2 + size)
    rest = rest.slice(nl + 2 + size + 2)
  }
  return out
}
