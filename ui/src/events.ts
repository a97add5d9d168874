import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ADMIN_API } from './api.ts'

/** What the server's event stream (`GET /_admin/api/events`) says. */
type LiveEvent =
  | { kind: 'entry'; type: string; collection: string; uuid: string; locale?: string; source?: string }
  | { kind: 'schema' }
  | { kind: 'asset'; uuid?: string; type?: string }
  | { kind: 'problems' }

type Listener = (event: LiveEvent) => void
const listeners = new Set<Listener>()

/** Listen to live events (an open form uses this to notice changes made elsewhere). */
export function subscribeEvents(fn: Listener): () => void {
  listeners.add(fn)
  return () => { listeners.delete(fn) }
}

function emit(event: LiveEvent): void {
  for (const fn of listeners) fn(event)
}

/**
 * Opens the event stream once for the signed-in shell and keeps server state fresh: lists,
 * counts and the schema refetch when something changes anywhere (another editor, the CLI, a
 * hand edit, git pull). EventSource reconnects by itself after a drop.
 */
export function useLiveEvents(): void {
  const qc = useQueryClient()
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    // EventSource cannot send headers: the cookie authenticates, and the admin API needs no project header.
    const source = new EventSource(`${ADMIN_API}/events`, { withCredentials: true })
    const parse = (e: MessageEvent): Record<string, unknown> => {
      try { return JSON.parse(e.data as string) as Record<string, unknown> } catch { return {} }
    }
    source.addEventListener('entry', (e) => {
      const d = parse(e as MessageEvent)
      const collection = String(d.collection ?? '')
      void qc.invalidateQueries({ queryKey: ['entries', collection] })
      void qc.invalidateQueries({ queryKey: ['overview'] })
      void qc.invalidateQueries({ queryKey: ['git'] })
      emit({ kind: 'entry', type: String(d.type ?? ''), collection, uuid: String(d.uuid ?? ''), locale: d.locale as string | undefined, source: d.source as string | undefined })
    })
    source.addEventListener('schema', () => {
      void qc.invalidateQueries({ queryKey: ['schema'] })
      void qc.invalidateQueries({ queryKey: ['auth-mail'] })
      void qc.invalidateQueries({ queryKey: ['overview'] })
      void qc.invalidateQueries({ queryKey: ['git'] })
      emit({ kind: 'schema' })
    })
    source.addEventListener('asset', (e) => {
      const d = parse(e as MessageEvent)
      void qc.invalidateQueries({ queryKey: ['assets'] })
      void qc.invalidateQueries({ queryKey: ['git'] })
      emit({ kind: 'asset', uuid: d.uuid as string | undefined, type: d.type as string | undefined })
    })
    // A change made during a drop (a server restart, a laptop asleep) sent this page no event:
    // once the stream is open again, read again what is on screen. Not at the first open: the
    // screens' first reads are as new as the stream.
    let opened = false
    source.addEventListener('open', () => {
      if (opened) void qc.invalidateQueries()
      opened = true
    })
    source.addEventListener('problems', () => {
      void qc.invalidateQueries({ queryKey: ['overview'] })
      emit({ kind: 'problems' })
    })
    return () => source.close()
  }, [qc])
}
