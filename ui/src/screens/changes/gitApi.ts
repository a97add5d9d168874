import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'

/**
 * Shapes of the `/_admin/api/git/...` answers (docs/git.md), taken from the operations that build
 * them (type-only imports); the report is `cms diff --format json` (src/review/diff.ts).
 */
import type {
  ChangesStatus, ChangedFile as ChangedFileRecord, GitBranchCreated, GitBranchList, GitCommitResult, GitComparison, GitDiscardResult, GitSelection, GitSwitchResult,
} from '../../../../src/git/changes.ts'
export type { DiffReport, EntryDiff, FieldChange, Live, SchemaChange } from '../../../../src/review/diff.ts'

export type ChangedFile = ChangedFileRecord
export type GitStatus = ChangesStatus
export type Branches = GitBranchList
export type Compare = GitComparison
/** What the editor sends: paths of `files[].path` and entry uuids (the editor always sends both lists). */
export type Selection = Required<GitSelection>

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
  api.post<GitCommitResult>(`${GIT_API}/commit`, { ...selection, message })

export const discardChanges = (selection: Selection) => api.post<GitDiscardResult>(`${GIT_API}/discard`, selection)

export const createBranch = (name: string, from: string | undefined, switchTo: boolean) =>
  api.post<GitBranchCreated>(`${GIT_API}/branches`, { name, ...(from ? { from } : {}), switch: switchTo })

export const switchBranch = (branch: string) => api.post<GitSwitchResult>(`${GIT_API}/switch`, { branch })
