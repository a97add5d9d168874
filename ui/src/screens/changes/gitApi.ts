import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'

/** Shapes of the `/_admin/api/git/...` answers (docs/git.md); the report is `cms diff --format json`. */
interface WordPart { op: '=' | '-' | '+'; text: string }
/** `label`, `before_text`, `after_text`: the field as a person reads it (src/review/diff-readable.ts); entries only. */
export interface FieldChange { field: string; before?: unknown; after?: unknown; words?: WordPart[]; label?: string; before_text?: string; after_text?: string }
export type Live = 'goes-live' | 'goes-offline' | 'live-update' | 'draft-only' | 'none'
export interface EntryDiff {
  uuid: string
  title: string
  locale: string
  status: 'added' | 'removed' | 'changed'
  live: Live
  events: string[]
  draft: FieldChange[]
  published: FieldChange[]
}
export interface SchemaChange { change: string; field?: string; detail: string }
interface CollectionDiff { slug: string; name: string; status: 'added' | 'removed' | 'changed'; renamed_from?: string; schema: SchemaChange[]; entries: EntryDiff[] }
export interface DiffReport {
  base: { rev: string; commit: string }
  head: { rev: string; commit: string }
  project: FieldChange[]
  collections: CollectionDiff[]
  webhooks: Array<{ uuid: string; name: string; status: 'added' | 'removed' | 'changed'; changes: FieldChange[] }>
  summary: { added: number; removed: number; changed: number; goes_live: number; goes_offline: number; live_updates: number; draft_only: number; schema_changes: number; webhook_changes: number }
}
export interface ChangedFile { path: string; status: 'added' | 'modified' | 'deleted'; entry?: string; collection?: string }
export interface GitStatus {
  branch: string | null
  head: string | null
  blocked: string | null
  files: ChangedFile[]
  report: DiffReport
  markdown: string
  auto_commit: boolean
  pending: number
  last_refusal: { reason: string; at: string; files: string[] } | null
  /** A commit was made but your git index could not follow it. */
  last_warning: { warning: string; at: string } | null
  last_commit: { commit: string; branch: string; files: number; at: string } | null
}
export interface Branches { current: string | null; branches: Array<{ name: string; commit: string; current: boolean }> }
export interface Compare { base: string; head: string | null; merge_base: string; report: DiffReport; markdown: string }
export interface Selection { entries: string[]; files: string[] }

const GIT_API = `${ADMIN_API}/git`

/** Keys start with `git`: the live event stream invalidates them on every content change. */
export function useGitStatus(enabled = true) {
  return useQuery({ queryKey: ['git', 'status'], queryFn: async () => (await api.get<GitStatus>(`${GIT_API}/status`)).data, enabled, retry: false })
}

export function useBranches() {
  return useQuery({ queryKey: ['git', 'branches'], queryFn: async () => (await api.get<Branches>(`${GIT_API}/branches`)).data, retry: false })
}

export function useCompare(base: string, enabled: boolean) {
  return useQuery({ queryKey: ['git', 'compare', base], queryFn: async () => (await api.get<Compare>(`${GIT_API}/compare`, { query: { base } })).data, enabled, retry: false })
}

export const commitChanges = (selection: Selection, message: string) =>
  api.post<{ commit: string; branch: string; files: string[] }>(`${GIT_API}/commit`, { ...selection, message })

export const discardChanges = (selection: Selection) => api.post<{ files: string[] }>(`${GIT_API}/discard`, selection)

export const createBranch = (name: string, from: string | undefined, switchTo: boolean) =>
  api.post<{ branch: string; commit: string; switched: boolean }>(`${GIT_API}/branches`, { name, ...(from ? { from } : {}), switch: switchTo })

export const switchBranch = (branch: string) => api.post<{ branch: string; head: string }>(`${GIT_API}/switch`, { branch })
