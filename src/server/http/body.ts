import type { H3Event } from 'h3'
import { CmsError, badRequest } from '../../core/errors.ts'
import type { AppContext } from '../../context.ts'
import { MAX_JSON_DEPTH, jsonTextDepth } from '../../core/limits.ts'

/**
 * Reads a JSON object body with the limits every JSON route shares: 415 for a non-JSON
 * content type, 413 over the configured size, 400 for malformed JSON or a non-object.
 * Keys like `__proto__` stay plain data (JSON.parse never touches prototypes).
 */
export async function readJsonBody(event: H3Event, ctx: AppContext, options: { optional?: boolean } = {}): Promise<Record<string, unknown>> {
  const type = event.req.headers.get('content-type') ?? ''
  const length = Number(event.req.headers.get('content-length') ?? '0')
  if (length > ctx.config.bodyLimit) throw tooLarge(ctx)
  if (!type) {
    if (options.optional && !length) return {}
  } else if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new CmsError('unsupported_media_type', 'Content-Type must be application/json.')
  }
  const bytes = await readLimited(event, ctx.config.bodyLimit, ctx)
  if (bytes.length === 0) {
    if (options.optional) return {}
    throw badRequest('Request body is empty; expected a JSON object.')
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest('Request body is not valid UTF-8.')
  }
  checkNesting(text)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw badRequest(`Malformed JSON body: ${(error as Error).message.replace(/ in JSON at position.*$/, '')}.`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('Request body must be a JSON object.')
  checkKeys(value)
  return value as Record<string, unknown>
}

const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** 400 before parsing when brackets nest deeper than MAX_JSON_DEPTH (outside strings). */
function checkNesting(text: string): void {
  if (jsonTextDepth(text) > MAX_JSON_DEPTH) throw badRequest(`JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`)
}

/**
 * 400 for keys that name prototype machinery anywhere in the body. JSON.parse keeps them
 * as plain data, but code further on that copies with `Object.assign` or walks keys into
 * objects could be tricked; no field can be named so, so refusing them costs nothing.
 */
function checkKeys(root: object): void {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (!value || typeof value !== 'object') continue
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') stack.push(item)
      continue
    }
    for (const key of Object.keys(value)) {
      if (RESERVED_KEYS.has(key)) throw badRequest(`JSON body uses the reserved key "${key}".`)
      const child = (value as Record<string, unknown>)[key]
      if (child && typeof child === 'object') stack.push(child)
    }
  }
}

async function readLimited(event: H3Event, limit: number, ctx: AppContext): Promise<Uint8Array> {
  const node = (event.req as { runtime?: { node?: { req?: NodeJS.ReadableStream & { readableEnded?: boolean } } } }).runtime?.node?.req
  // A stream something else already read to its end would never end again: use the web body then.
  if (node && !node.readableEnded) return readNodeLimited(node, limit, ctx)
  const stream = event.req.body
  if (!stream) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not reader.cancel(): that destroys the request mid-body, and the node server then
      // crashes on the socket going away under the answer.
      // The 413 closes the connection instead, discarding what the client still sends.
      reader.releaseLock()
      throw tooLarge(ctx)
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

/**
 * The same, straight from Node's request stream: a web ReadableStream around it costs more than
 * the rest of reading a small body (docs/benchmarks.md, "Measurements behind the code").
 */
function readNodeLimited(req: NodeJS.ReadableStream, limit: number, ctx: AppContext): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = (error: unknown, bytes?: Uint8Array) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
      if (error) reject(error)
      else resolve(bytes!)
    }
    // Over the limit, stop listening without destroying the request (see readLimited).
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
      size += bytes.byteLength
      if (size > limit) done(tooLarge(ctx))
      else chunks.push(bytes)
    }
    const onEnd = () => done(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    const onError = (error: Error) => done(error)
    const onClose = () => done(badRequest('The request body ended early.'))
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

const tooLarge = (ctx: AppContext) =>
  new CmsError('payload_too_large', `Request body is larger than ${ctx.config.bodyLimit} bytes (set CMS_BODY_LIMIT to raise it).`, { headers: { connection: 'close' } })
