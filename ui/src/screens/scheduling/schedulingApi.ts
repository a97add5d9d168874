import { useQuery } from '@tanstack/react-query'
import { api, entryPath } from '../../api.ts'
import type { Collection, Entry } from '../../types.ts'
import { titleField } from '../../schema.ts'
import { summarize } from '../../format.ts'
import type { EntrySchedule, ReviewState } from '../../../../src/core/types.ts'
import type { ScheduledItem } from '../../../../src/service/schedule/scheduled.ts'
import type { Release, ReleaseItem } from '../../../../src/service/releases/store.ts'
import type { ReleaseChange, ReleaseDetail } from '../../../../src/service/releases/releases.ts'

/** Scheduling, review and releases as the editor reads them (docs/scheduling.md); types from the server's own. */

export type { EntrySchedule, ReviewState, ScheduledItem, Release, ReleaseItem }

/** A draft read of an entry, which carries what is pending for it (`schedule`, `review`: service/entries/view.ts). */
export type EntryWithPending = Entry

export type { ReleaseChange, ReleaseDetail }

export const REVIEW_LABELS: Record<ReviewState, string> = { draft: 'Draft', in_review: 'Waiting for review', approved: 'Approved' }

export function useEntryPending(collection: string, uuid: string | undefined) {
  return useQuery({
    queryKey: ['entry-pending', collection, uuid],
    enabled: Boolean(uuid),
    queryFn: async () => (await api.get<{ data: EntryWithPending }>(entryPath(collection, uuid), { query: { state: 'draft' } })).data.data,
  })
}

export function useSchedule() {
  return useQuery({ queryKey: ['schedule'], queryFn: async () => (await api.get<{ data: ScheduledItem[] }>('/_schedule')).data.data })
}

export function useReleases() {
  return useQuery({ queryKey: ['releases'], queryFn: async () => (await api.get<{ data: Release[] }>('/_releases')).data.data })
}

export function useRelease(id: string | undefined) {
  return useQuery({ queryKey: ['release', id], enabled: Boolean(id), queryFn: async () => (await api.get<ReleaseDetail>(`/_releases/${encodeURIComponent(id!)}`)).data })
}

/** An entry's title for people (its title field), or the collection's name. */
export function entryTitle(collection: Collection | undefined, entry: Entry | undefined): string {
  const f = collection ? titleField(collection) : undefined
  return (f && entry && summarize(entry.fields[f.name], 80)) || (collection ? `${collection.name} entry` : 'Entry')
}

/** `datetime-local` input value (the browser's time zone) ⇄ ISO 8601 with an offset (UTC). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** "Tue 4 May, 09:00" in the reader's locale. */
export function formatAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
}
