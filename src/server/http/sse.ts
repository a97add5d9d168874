const encoder = new TextEncoder()

/** A client this far behind (queued chunks) is dropped rather than buffered without end; it reconnects. */
const MAX_QUEUED = 1000

/**
 * A server-sent events body: the `connected` comment at once (so the client knows the stream is
 * open and proxies flush the headers), then whatever `start` sends until either side closes.
 * `start` subscribes and returns what unsubscribes it, which runs once, however the stream ends.
 */
export function sseStream(retryMs: number, start: (send: (chunk: Uint8Array | string) => void, close: () => void) => () => void): ReadableStream<Uint8Array> {
  let cleanup = (): void => {}
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true
      const close = () => {
        if (!open) return
        open = false
        cleanup()
        try {
          controller.close()
        } catch {
          // already closed by the client
        }
      }
      const send = (chunk: Uint8Array | string) => {
        if (!open) return
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return close()
        try {
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
        } catch {
          close()
        }
      }
      send(`: connected\nretry: ${retryMs}\n\n`)
      const stop = start(send, close)
      if (open) cleanup = stop
      else stop()
    },
    cancel() {
      cleanup()
    },
  })
}

/** The headers every event stream answers with (no caching, no proxy buffering). */
export const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' } as const
