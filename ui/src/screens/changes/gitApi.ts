import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'

/**
 * Shapes of the `/_admin/api/git/...` answers (docs/git.md), taken from the operations that build
 * them (type-only imports); the report is `cms diff --format json` (src/review/diff.ts).
 */
import type { ChangesStatus, ChangedFile as ChangedFileRecord, commitSelection, compareWith, createBranch as createBranchOp, discardSelection, listBranches, switchBranch as switchBranchOp } from '../../../../src/git/changes.ts'
export type { DiffReport, EntryDiff, FieldChange, Live, SchemaChange } from '../../../../src/review/diff.ts'

export type ChangedFile = ChangedFileRecord
export type GitStatus = ChangesStatus
export type Branches = Awaited<ReturnType<typeof listBranches>>
export type Compare = Awaited<ReturnType<typeof compareWith>>
/** What the editor sends: paths of `files[].path` and entry uuids. */
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
  api.post<Awaited<ReturnType<typeof commitSelection>>>(`${GIT_API}/commit`, { ...selection, message })

export const discardChanges = (selection: Selection) => api.post<Awaited<ReturnType<typeof discardSelection>>>(`${GIT_API}/discard`, selection)

export const createBranch = (name: string, from: string | undefined, switchTo: boolean) =>
  api.post<Awaited<ReturnType<typeof createBranchOp>>>(`${GIT_API}/branches`, { name, ...(from ? { from } : {}), switch: switchTo })

export const switchBranch = (branch: string) => api.post<Awaited<ReturnType<typeof switchBranchOp>>>(`${GIT_API}/switch`, { branch })
