import { ofetch } from 'ofetch'
import { signatureHeaders } from './sign.ts'
import { parseRetryAfter } from './backoff.ts'

const RESPONSE_BODY_CAP = 8192

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
 * here (the schedule is ours and persisted), the answer's body capped at 8 KB.
 *
 * `timeoutMs` bounds the whole attempt (connect, headers and body) with one timer of our
 * own: ofetch drops its `timeout` when a `signal` is passed, and a receiver that sends
 * headers then stalls must not count as an answer. `signal` (the worker stopping) is
 * followed through a listener removed when the attempt ends, so thousands of deliveries
 * leave no listener behind.
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
  const elapsed = () => Math.round(performance.now() - started)
  if (input.signal?.aborted) throw input.signal.reason
  const attempt = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => { timedOut = true; attempt.abort(new DOMException('timeout', 'TimeoutError')) }, input.timeoutMs)
  const onStop = () => attempt.abort(input.signal!.reason)
  input.signal?.addEventListener('abort', onStop, { once: true })
  try {
    const res = await ofetch.raw(input.url, {
      method: 'POST',
      body: input.body,
      headers,
      retry: 0,
      redirect: 'manual',
      ignoreResponseError: true,
      responseType: 'stream',
      signal: attempt.signal,
    })
    const status = res.status
    const { text, truncated } = await readCapped(res._data as ReadableStream<Uint8Array> | null | undefined, RESPONSE_BODY_CAP, attempt.signal)
    const response = { status, body: truncated ? `${text}…` : text, body_truncated: truncated }
    if (timedOut) {
      // Headers came but the body did not: not an answer, so the delivery is retried.
      return { httpStatus: null, response, error: `Receiver answered ${status} but did not finish its body within ${input.timeoutMs} ms`, retryAfterMs: null, duration_ms: elapsed() }
    }
    return {
      httpStatus: status,
      response,
      error: status >= 300 && status < 400 ? `Redirect to ${res.headers.get('location') ?? '(no location)'} not followed` : null,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
      duration_ms: elapsed(),
    }
  } catch (error) {
    if (input.signal?.aborted) throw error
    const message = timedOut ? `No answer within ${input.timeoutMs} ms` : describe(error, input.timeoutMs)
    return { httpStatus: null, response: null, error: message, retryAfterMs: null, duration_ms: elapsed() }
  } finally {
    clearTimeout(timer)
    input.signal?.removeEventListener('abort', onStop)
  }
}

async function readCapped(stream: ReadableStream<Uint8Array> | null | undefined, cap: number, signal: AbortSignal): Promise<{ text: string; truncated: boolean }> {
  if (!stream) return { text: '', truncated: false }
  const reader = stream.getReader()
  // The body stream errors when the signal aborts; cancelling the reader makes sure of it.
  const onAbort = () => { reader.cancel().catch(() => {}) }
  signal.addEventListener('abort', onAbort, { once: true })
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
    signal.removeEventListener('abort', onAbort)
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
