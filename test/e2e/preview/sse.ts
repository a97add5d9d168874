import { expect } from 'vitest'

/** One server-sent event as a client sees it. */
export interface SseMessage {
  event: string
  id: string | null
  data: string
  /** Comment lines (`: ping`) are kept as event `comment`. */
}

export interface SseClient {
  status: number
  headers: Headers
  messages: SseMessage[]
  /** Changes only (`event: change`), their data parsed. */
  changes(): Array<Record<string, unknown> & { id: string }>
  /** Waits (bounded) until `predicate` holds of the messages so far. */
  until(predicate: (messages: SseMessage[]) => boolean, what: string, timeoutMs?: number): Promise<void>
  close(): void
}

/** Opens a stream with fetch (headers allowed) and parses it as EventSource would. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal })
  const messages: SseMessage[] = []
  let waiters: Array<() => void> = []
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    void (async () => {
      let buffer = ''
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end: number
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const message: SseMessage = { event: 'message', id: null, data: '' }
            let comment = true
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) { message.data += line.slice(1).trim(); continue }
              comment = false
              const i = line.indexOf(':')
              const name = i === -1 ? line : line.slice(0, i)
              const value = i === -1 ? '' : line.slice(i + 1).replace(/^ /, '')
              if (name === 'event') message.event = value
              else if (name === 'id') message.id = value
              else if (name === 'data') message.data += value
            }
            if (comment) message.event = 'comment'
            messages.push(message)
            for (const w of waiters) w()
          }
        }
      } catch {
        // aborted
      }
    })()
  }
  return {
    status: res.status,
    headers: res.headers,
    messages,
    changes: () => messages.filter((m) => m.event === 'change').map((m) => ({ ...(JSON.parse(m.data) as Record<string, unknown>), id: m.id! })),
    async until(predicate, what, timeoutMs = 5000) {
      const start = Date.now()
      while (!predicate(messages)) {
        if (Date.now() - start > timeoutMs) expect.fail(`timed out waiting for ${what}; got ${JSON.stringify(messages)}`)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 50)
          waiters.push(() => { clearTimeout(t); resolve() })
        })
        waiters = []
      }
    },
    close: () => abort.abort(),
  }
}
