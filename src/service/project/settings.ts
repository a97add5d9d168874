import { badRequest } from '../../core/errors.ts'
import type { EventSource, Project } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import { signedTtl } from '../assets/file-urls.ts'
import { previewUrlProblem } from '../../core/preview-url.ts'

export interface ProjectSettingsInput {
  api?: string
  name?: string
  description?: string | null
  /** true, false, or their spellings on a command line (`true`/`false`, `on`/`off`, `yes`/`no`). */
  public_drafts?: boolean | string
  /** Lifetime of a private project's signed file URLs, in seconds (or `30m`, `2h`, `1d`). */
  signed_url_ttl?: number | string
  /** The site's preview address template (docs/preview.md); '' or null removes it. */
  preview_url?: string | null
}

/** `PATCH /project`: the settings to change (any subset), as `cms project set` sends them. */
export interface ProjectSettingsPatch {
  /** `public` (anyone reads published content) or `private` (every route needs a token). */
  api?: string
  name?: string
  /** null or "" removes it. */
  description?: string | null
  /** Whether anonymous reads of a public project may ask for drafts. */
  public_drafts?: boolean
  /** Lifetime of a private project's signed file URLs: seconds, or `30m`, `2h`, `1d`. */
  signed_urls?: { ttl: number | string }
  /** The site's preview address template (docs/preview.md); "" or null removes it. */
  preview_url?: string | null
}

/** What `PATCH /project` answers: the settings now, and whether anything changed. */
export interface ProjectSettingsChange {
  project: ProjectSummary
  changed: boolean
}

/** What `cms project show` prints. */
export interface ProjectSummary {
  uuid: string
  name: string
  description: string | null
  api: 'public' | 'private'
  /** Whether anonymous reads of a public project may ask for drafts (project.yaml `public_drafts`). */
  public_drafts: boolean
  /** Seconds a private project's signed file URLs live (project.yaml `signed_urls.ttl`, default 3600). */
  signed_url_ttl: number
  /** The site's preview address template, or null (docs/preview.md). */
  preview_url: string | null
  default_locale: string
  locales: string[]
  collections: number
  entries: number
  tokens: number
}

export function projectSummary(store: ContentStore): ProjectSummary {
  const p = store.project
  return {
    uuid: p.uuid, name: p.name, description: p.description, api: p.api, public_drafts: p.public_drafts === true, signed_url_ttl: signedTtl(p), preview_url: p.preview_url ?? null, default_locale: p.default_locale, locales: p.locales,
    collections: store.collections.size, entries: store.entryCount, tokens: store.tokens.length,
  }
}

/**
 * Changes project settings in `project.yaml` (a running server's watcher applies them at
 * once). `api: private` makes every route need a token; `public` lets anyone read published
 * content. `public_drafts: true` lets anyone read drafts too (the hosted service's behaviour).
 */
export async function updateProjectSettings(store: ContentStore, input: ProjectSettingsInput, source: EventSource = 'cli'): Promise<ProjectSettingsChange> {
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
  if (input.public_drafts !== undefined) {
    const value = typeof input.public_drafts === 'boolean' ? input.public_drafts : BOOLEAN_WORDS.get(String(input.public_drafts).trim().toLowerCase())
    if (value === undefined) throw badRequest(`public_drafts must be true or false, got ${JSON.stringify(input.public_drafts)}.`)
    // Written only once it was set: a project that never chose keeps no key.
    if (value !== (store.project.public_drafts === true)) next.public_drafts = value
  }
  if (input.signed_url_ttl !== undefined) {
    const ttl = parseTtl(input.signed_url_ttl)
    if (ttl !== signedTtl(store.project)) next.signed_urls = { ...store.project.signed_urls, ttl }
  }
  if (input.preview_url !== undefined) {
    const template = input.preview_url === null ? '' : input.preview_url.trim()
    const problem = template ? previewUrlProblem(template) : null
    if (problem) throw badRequest(problem)
    next.preview_url = template || null
  }
  if (input.description !== undefined) next.description = input.description === '' || input.description === null ? null : input.description
  const before = store.project
  const changed = next.api !== before.api || next.name !== before.name || next.description !== before.description || next.public_drafts !== before.public_drafts || next.signed_urls !== before.signed_urls || (next.preview_url ?? null) !== (before.preview_url ?? null)
  if (changed) await store.putProject(next, source)
  return { project: projectSummary(store), changed }
}

/** Seconds from `3600`, `30m`, `2h`, `1d`: 1 s to a year. */
function parseTtl(raw: number | string): number {
  const m = /^\s*(\d{1,8})\s*(s|m|h|d)?\s*$/i.exec(String(raw))
  const n = m ? Number(m[1]) * ({ s: 1, m: 60, h: 3600, d: 86400 }[(m[2] ?? 's').toLowerCase() as 's'] ?? 1) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > 31_536_000) throw badRequest(`signed_url_ttl must be a number of seconds (or 30m, 2h, 1d) from 1 s to a year, got ${JSON.stringify(raw)}.`)
  return n
}

const BOOLEAN_WORDS = new Map([['true', true], ['false', false], ['on', true], ['off', false], ['yes', true], ['no', false]])
