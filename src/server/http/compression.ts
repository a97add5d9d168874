import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { H3Event } from 'h3'

/**
 * Compression of JSON answers (docs/api.md, "Compression"): answers of COMPRESS_MIN bytes or
 * more are sent as br or gzip when the client's Accept-Encoding asks for one, never otherwise.
 * A compressed answer says `Vary: Accept-Encoding` (no shared cache hands it to a client that
 * did not ask); a client that did not ask is answered exactly as before, at no cost. Smaller
 * answers are sent as they are: below ~10 KB the bytes saved do not pay for the time spent.
 */
export const COMPRESS_MIN = 10 * 1024

export type Encoding = 'br' | 'gzip'

/**
 * The encoding to answer with for an Accept-Encoding header: br before gzip, any q=0 refusal
 * honoured, `*` taken as br. Undefined when the client did not ask (no header, `identity`).
 */
export function acceptedEncoding(header: string | null | undefined): Encoding | undefined {
  if (!header) return undefined
  // A client sends the same header on every request: parsing it cost ~1.8 µs, a lookup ~50 ns.
  let known = SEEN.get(header)
  if (known === undefined) {
    const { br, gzip } = acceptedEncodings(header)
    known = br ? 'br' : gzip ? 'gzip' : null
    if (SEEN.size >= SEEN_MAX) SEEN.clear()
    if (header.length <= 256) SEEN.set(header, known)
  }
  return known ?? undefined
}

const SEEN = new Map<string, Encoding | null>()
const SEEN_MAX = 64

/** Which of br and gzip an Accept-Encoding header accepts. */
export function acceptedEncodings(header: string | null | undefined): Record<Encoding, boolean> {
  if (!header) return { br: false, gzip: false }
  let br = false
  let gzip = false
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue
    if (name === '*') br = gzip = true
    else if (name === 'br') br = true
    else if (name === 'gzip' || name === 'x-gzip') gzip = true
  }
  return { br, gzip }
}

/**
 * Brotli at quality 5, gzip at level 6. Measured on list answers of 20–500 KB
 * (bench/compression.bench.mjs): quality 4 came out larger than gzip on our JSON, quality 5
 * about 10% smaller than gzip, at a fraction of quality 11's time (11 took 250 ms for 100 KB).
 */
const BROTLI = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
const GZIP = { level: 6 }

/** Answers up to this size are compressed on the event loop (about a millisecond); larger ones on libuv's threads. */
export const SYNC_MAX = 64 * 1024

/** Compressed bytes, on the event loop: for answers up to SYNC_MAX. */
export function compressBytes(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, BROTLI(bytes.length)) : gzipSync(bytes, GZIP)
}

/** Compressed bytes, off the event loop (zlib's work runs on libuv's thread pool). */
export function compressLater(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliLater(bytes, BROTLI(bytes.length)) : gzipLater(bytes, GZIP)
}

const brotliLater = promisify(brotliCompress)
const gzipLater = promisify(gzip)

/** Compressed forms of cached answers, kept with the answer (a WeakMap: gone when it is). */
const ENCODED = new WeakMap<object, Partial<Record<Encoding, Buffer>>>()
const PENDING = new WeakMap<object, Partial<Record<Encoding, Promise<Buffer>>>>()

/**
 * The cached answer's bytes in this encoding, compressed once: at once when small (SYNC_MAX),
 * else undefined until `encodeLater` has made them.
 */
export function encodedNow(key: object, bytes: Uint8Array, encoding: Encoding): Buffer | undefined {
  let forms = ENCODED.get(key)
  if (forms?.[encoding]) return forms[encoding]
  if (bytes.length > SYNC_MAX) return undefined
  if (!forms) ENCODED.set(key, (forms = {}))
  return (forms[encoding] = compressBytes(bytes, encoding))
}

/** Compresses a large cached answer off the event loop, once however many ask at the same time. */
export function encodeLater(key: object, bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  let pending = PENDING.get(key)
  if (!pending) PENDING.set(key, (pending = {}))
  return (pending[encoding] ??= compressLater(bytes, encoding).then((packed) => {
    let forms = ENCODED.get(key)
    if (!forms) ENCODED.set(key, (forms = {}))
    forms[encoding] = packed
    delete pending[encoding]
    return packed
  }, (error: unknown) => {
    delete pending[encoding]
    throw error
  }))
}

const isJsonType = (type: string | null): boolean => type !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type)

/** Adds Accept-Encoding to a Vary header (kept once). */
function addVary(headers: Headers): void {
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', 'Accept-Encoding')
  else if (!/\baccept-encoding\b/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`)
}

/**
 * What an h3 handler answered, compressed when it is JSON of COMPRESS_MIN bytes or more and
 * the client asked. Plain values (h3 would serialise them) are serialised here only when the
 * client asked for an encoding; everything else passes through untouched.
 */
export async function compressAnswer(event: H3Event, result: unknown): Promise<unknown> {
  const method = event.req.method
  if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') return result
  const encoding = acceptedEncoding(event.req.headers.get('accept-encoding'))
  // A client that did not ask pays nothing here: its answer is left as it is.
  if (!encoding) return result
  if (result instanceof Response) {
    if (result.body === null || result.status < 200 || result.status === 204 || result.status === 206) return result
    if (!isJsonType(result.headers.get('content-type')) || result.headers.has('content-encoding')) return result
    const length = Number(result.headers.get('content-length') ?? NaN)
    if (length < COMPRESS_MIN) return result
    const bytes = new Uint8Array(await result.arrayBuffer())
    const headers = new Headers(result.headers)
    if (bytes.length < COMPRESS_MIN) return new Response(bytes, { status: result.status, statusText: result.statusText, headers })
    addVary(headers)
    const packed = bytes.length > SYNC_MAX ? await compressLater(bytes, encoding) : compressBytes(bytes, encoding)
    headers.set('content-encoding', encoding)
    headers.set('content-length', String(packed.length))
    return new Response(new Uint8Array(packed), { status: result.status, statusText: result.statusText, headers })
  }
  // Routes answer JSON they serialised themselves as a string, with the type on the event.
  if (typeof result === 'string') {
    if (result.length < COMPRESS_MIN / 3 || !isJsonType(event.res.headers.get('content-type'))) return result
    return encodedResponse(event, Buffer.from(result), encoding, event.res.headers.get('content-type')!)
  }
  // h3 serialises plain objects and arrays as JSON: do it here when the answer may be compressed.
  if (result === null || typeof result !== 'object' || ArrayBuffer.isView(result) || result instanceof ReadableStream || result instanceof Blob) return result
  if (Object.getPrototypeOf(result) !== Object.prototype && !Array.isArray(result)) return result
  return encodedResponse(event, Buffer.from(JSON.stringify(result)), encoding, 'application/json;charset=UTF-8')
}

/** A JSON body as a Response, compressed when large enough (h3 adds the event's headers to it). */
async function encodedResponse(event: H3Event, bytes: Buffer, encoding: Encoding, type: string): Promise<Response> {
  const status = event.res.status ?? 200
  const headers = new Headers({ 'content-type': type })
  if (bytes.length < COMPRESS_MIN || status === 204 || status === 304) {
    // Sent as it is, with its length: a body of bytes would otherwise go out chunked.
    if (status !== 204 && status !== 304) headers.set('content-length', String(bytes.length))
    return new Response(new Uint8Array(bytes), { status, statusText: event.res.statusText, headers })
  }
  addVary(headers)
  const packed = bytes.length > SYNC_MAX ? await compressLater(bytes, encoding) : compressBytes(bytes, encoding)
  headers.set('content-encoding', encoding)
  headers.set('content-length', String(packed.length))
  return new Response(new Uint8Array(packed), { status, statusText: event.res.statusText, headers })
}
