/**
 * A replica's ear on the writer's change stream (`GET /_events`, docs/preview.md): when given the
 * writer's URL (`cms serve --read-only --follow origin --follow-events <url>`), every change or
 * reset the writer announces asks for a sync at once, rather than on the next interval. The
 * writer's commit reaches the remote a little after its event (its git window, a push), so each
 * announcement also asks again a few seconds later. Reconnects with a growing pause (1 s to 30 s)
 * while the writer is away; the interval keeps the replica current meanwhile.
 */
export interface WriterEventsOptions {
  /** The writer's base URL. */
  url: string
  projectId: string
  /** A read token, for a private project (`CMS_REPLICA_EVENTS_TOKEN`). */
  token?: string
  /** Asked for a sync (now and at each follow-up). */
  onChange: () => void
  log?: (line: string) => void
  /** Follow-up syncs after an announcement, in ms. */
  followUps?: number[]
}

const FOLLOW_UPS = [1500, 5000]

export function followWriterEvents(options: WriterEventsOptions): () => void {
  const abort = new AbortController()
  const timers = new Set<NodeJS.Timeout>()
  const log = options.log ?? (() => {})
  let lastId: string | null = null
  let pause = 1000
  let failing = false

  const announce = () => {
    options.onChange()
    for (const t of timers) clearTimeout(t)
    timers.clear()
    for (const ms of options.followUps ?? FOLLOW_UPS) {
      const t = setTimeout(() => { timers.delete(t); options.onChange() }, ms)
      t.unref()
      timers.add(t)
    }
  }

  const connect = async (): Promise<void> => {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'project-id': options.projectId }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (lastId) headers['last-event-id'] = lastId
    const res = await fetch(`${options.url.replace(/\/+$/, '')}/_events`, { headers, signal: abort.signal })
    if (!res.ok || !res.body) throw new Error(`the writer's /_events answered ${res.status}`)
    if (failing) log(`replica: listening to ${options.url}/_events again`)
    failing = false
    pause = 1000
    // A reconnect may have missed changes: one sync covers them.
    if (lastId) announce()
    let buffer = ''
    const decoder = new TextDecoder()
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const event = /^event: (\w+)$/m.exec(block)?.[1]
        const id = /^id: (.+)$/m.exec(block)?.[1]
        if (id) lastId = id
        if (event === 'change' || event === 'reset') announce()
      }
    }
  }

  const loop = async () => {
    while (!abort.signal.aborted) {
      try {
        await connect()
      } catch (error) {
        if (abort.signal.aborted) return
        if (!failing) log(`replica: cannot listen to ${options.url}/_events (${(error as Error).message}); retrying, and syncing on the interval meanwhile`)
        failing = true
      }
      if (abort.signal.aborted) return
      await new Promise<void>((resolve) => { const t = setTimeout(resolve, pause); t.unref() })
      pause = Math.min(pause * 2, 30_000)
    }
  }
  void loop()
  return () => {
    abort.abort()
    for (const t of timers) clearTimeout(t)
    timers.clear()
  }
}
