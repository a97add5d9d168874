import type { H3Event } from 'h3'
import { CmsError, badRequest } from '../core/errors.ts'
import type { AppContext } from '../context.ts'

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
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw badRequest(`Malformed JSON body: ${(error as Error).message.replace(/ in JSON at position.*$/, '')}.`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('Request body must be a JSON object.')
  return value as Record<string, unknown>
}

async function readLimited(event: H3Event, limit: number, ctx: AppContext): Promise<Uint8Array> {
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
      await reader.cancel().catch(() => {})
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

const tooLarge = (ctx: AppContext) =>
  new CmsError('payload_too_large', `Request body is larger than ${ctx.config.bodyLimit} bytes (set CMS_BODY_LIMIT to raise it).`)
