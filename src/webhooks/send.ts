import { ofetch } from 'ofetch'
import { signatureHeaders } from './sign.ts'
import { parseRetryAfter } from './backoff.ts'

export const RESPONSE_BODY_CAP = 8192

export interface SendResult {
  /** HTTP status, or null when no answer came (network error, timeout). */
  httpStatus: number | null
  response: { status: number; body: string; body_truncated: boolean } | null
  error: string | null
  retryAfterMs: number | null
  duration_ms: number
}

/**
 * POSTs one delivery: JSON body, signed when a secret is given (Standard Webhooks headers
 * plus the hosted service's hex `X-Webhook-Signature`), no redirects followed, no retries
 * here (the schedule is ours and persisted), a hard timeout, the answer's body capped at 8 KB.
 */
export async function postDelivery(input: {
  url: string
  body: string
  deliveryId: string
  timestampSeconds: number
  secret: string | null
  timeoutMs: number
  signal?: AbortSignal
}): Promise<SendResult> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'cms-webhooks/1',
    ...(input.secret ? signatureHeaders(input.secret, input.deliveryId, input.timestampSeconds, input.body) : { 'webhook-id': input.deliveryId, 'webhook-timestamp': String(input.timestampSeconds) }),
  }
  const started = performance.now()
  try {
    const res = await ofetch.raw(input.url, {
      method: 'POST',
      body: input.body,
      headers,
      retry: 0,
      timeout: input.timeoutMs,
      redirect: 'manual',
      ignoreResponseError: true,
      responseType: 'stream',
      ...(input.signal ? { signal: input.signal } : {}),
    })
    const { text, truncated } = await readCapped(res._data as ReadableStream<Uint8Array> | null | undefined, RESPONSE_BODY_CAP)
    const status = res.status
    return {
      httpStatus: status,
      response: { status, body: truncated ? `${text}…` : text, body_truncated: truncated },
      error: status >= 300 && status < 400 ? `Redirect to ${res.headers.get('location') ?? '(no location)'} not followed` : null,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      duration_ms: Math.round(performance.now() - started),
    }
  } catch (error) {
    if (input.signal?.aborted) throw error
    return { httpStatus: null, response: null, error: describe(error, input.timeoutMs), retryAfterMs: null, duration_ms: Math.round(performance.now() - started) }
  }
}

async function readCapped(stream: ReadableStream<Uint8Array> | null | undefined, cap: number): Promise<{ text: string; truncated: boolean }> {
  if (!stream) return { text: '', truncated: false }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
      if (size > cap) { truncated = true; break }
    }
  } catch {
    // A body cut off mid-way still tells what the receiver said.
  } finally {
    if (truncated) await reader.cancel().catch(() => {})
  }
  const bytes = Buffer.concat(chunks).subarray(0, cap)
  return { text: new TextDecoder().decode(bytes), truncated }
}

/** The most specific reason in an error's cause chain (fetch hides `ECONNREFUSED` two levels down). */
function describe(error: unknown, timeoutMs: number): string {
  let deepest: { name?: string; code?: string; message?: string } | undefined
  let current = error as { name?: string; code?: string; message?: string; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 6; depth++) {
    if (current.name === 'TimeoutError' || current.code === 'UND_ERR_CONNECT_TIMEOUT') return `No answer within ${timeoutMs} ms`
    deepest = current
    current = current.cause as typeof current
  }
  if (!deepest) return String(error)
  const message = (deepest.message ?? String(error)).replace(/^\[POST\] "[^"]*": (?:<no response> )?/, '')
  return deepest.code && !message.includes(deepest.code) ? `${deepest.code}: ${message}` : message
}
