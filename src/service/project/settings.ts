import { badRequest } from '../../core/errors.ts'
import type { EventSource, Project } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'

export interface ProjectSettingsInput {
  api?: string
  name?: string
  description?: string | null
}

/** What `cms project show` prints. */
export interface ProjectSummary {
  uuid: string
  name: string
  description: string | null
  api: 'public' | 'private'
  default_locale: string
  locales: string[]
  collections: number
  entries: number
  tokens: number
}

export function projectSummary(store: ContentStore): ProjectSummary {
  const p = store.project
  return {
    uuid: p.uuid, name: p.name, description: p.description, api: p.api, default_locale: p.default_locale, locales: p.locales,
    collections: store.collections.size, entries: store.entryCount, tokens: store.tokens.length,
  }
}

/**
 * Changes project settings in `project.yaml` (a running server's watcher applies them at
 * once). `api: private` makes every route need a token; `public` lets anyone read.
 */
export async function updateProjectSettings(store: ContentStore, input: ProjectSettingsInput, source: EventSource = 'cli'): Promise<{ project: ProjectSummary; changed: boolean }> {
  const next: Project = { ...store.project }
  if (input.api !== undefined) {
    const api = input.api.trim().toLowerCase()
    if (api !== 'public' && api !== 'private') throw badRequest(`--api must be "public" or "private", got ${JSON.stringify(input.api)}.`)
    next.api = api
  }
  if (input.name !== undefined) {
    const name = input.name.trim()
    if (!name) throw badRequest('--name cannot be empty.')
    next.name = name
  }
  if (input.description !== undefined) next.description = input.description === '' || input.description === null ? null : input.description
  const before = store.project
  const changed = next.api !== before.api || next.name !== before.name || next.description !== before.description
  if (changed) await store.putProject(next, source)
  return { project: projectSummary(store), changed }
}
