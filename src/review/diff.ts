import type { Collection, EntryRecord, Field, FieldValues, Project, WebhookRecord } from '../core/types.ts'
import { parseJson, parseYaml } from '../storage/codec.ts'
import { toCollection, toEntry, toProject, toWebhook } from '../storage/records.ts'
import { classifyPath } from '../storage/paths.ts'
import { changedFiles, listBlobs, openRepo, readBlobs, resolveCommit, workTreeCommit } from './git.ts'
import { wordDiff, type WordPart } from './word-diff.ts'
import { readableChanges, referencePaths, resolveNames } from './diff-readable.ts'
import { titleField } from '../schema/title-field.ts'

/**
 * `cms diff`: what a change to the content tree does, for a reviewer. Entries are named by
 * a title-like field; edits are split into what goes live (published snapshot) and what
 * stays a draft; schema, project and webhook changes are listed too.
 */
/**
 * One changed field: `field` its name (a group child: `seo.meta_title`), `label` its label, the
 * raw values for tools and `before_text`/`after_text` as a person reads them (diff-readable.ts).
 */
export interface FieldChange { field: string; before?: unknown; after?: unknown; words?: WordPart[]; label?: string; before_text?: string; after_text?: string }
export type Live = 'goes-live' | 'goes-offline' | 'live-update' | 'draft-only' | 'none'
export interface EntryDiff {
  uuid: string
  title: string
  locale: string
  status: 'added' | 'removed' | 'changed'
  live: Live
  /** published, unpublished, trashed, restored, moved */
  events: string[]
  draft: FieldChange[]
  published: FieldChange[]
}
export interface SchemaChange { change: 'added' | 'removed' | 'changed' | 'reordered' | 'collection'; field?: string; detail: string }
export interface CollectionDiff {
  slug: string
  name: string
  status: 'added' | 'removed' | 'changed'
  renamed_from?: string
  schema: SchemaChange[]
  entries: EntryDiff[]
}
export interface DiffReport {
  base: { rev: string; commit: string }
  head: { rev: string; commit: string }
  project: FieldChange[]
  collections: CollectionDiff[]
  webhooks: Array<{ uuid: string; name: string; status: 'added' | 'removed' | 'changed'; changes: FieldChange[] }>
  summary: { added: number; removed: number; changed: number; goes_live: number; goes_offline: number; live_updates: number; draft_only: number; schema_changes: number; webhook_changes: number }
}

interface Side { collections: Map<string, Collection>; project: Project | null; blobs: Map<string, string> }

/** `headRev` null: the work tree, uncommitted edits included (`cms diff <base>`, as `git diff <base>`). */
export async function diffRevisions(contentDir: string, baseRev: string, headRev: string | null): Promise<DiffReport> {
  const repo = await openRepo(contentDir)
  const [base, head] = await Promise.all([resolveCommit(repo, baseRev), headRev === null ? workTreeCommit(repo, contentDir) : resolveCommit(repo, headRev)])
  const scope = ['project.yaml', 'collections']
  const [baseBlobs, headBlobs, changes] = await Promise.all([listBlobs(repo, base, scope), listBlobs(repo, head, scope), changedFiles(repo, base, head)])
  // Schema and project are read whole on both sides (small); entries and webhooks only where they changed.
  const wanted = [...baseBlobs.values(), ...headBlobs.values()]
  for (const c of changes) {
    if (!c.path.startsWith('entries/') && !c.path.startsWith('webhooks/')) continue
    if (c.before) wanted.push(c.before)
    if (c.after) wanted.push(c.after)
  }
  const texts = await readBlobs(repo, wanted)
  const b = side(baseBlobs, texts)
  const h = side(headBlobs, texts)

  const report: DiffReport = {
    base: { rev: baseRev, commit: base }, head: { rev: headRev ?? 'work tree', commit: head },
    project: valueChanges(projectView(b.project), projectView(h.project)),
    collections: [], webhooks: [],
    summary: { added: 0, removed: 0, changed: 0, goes_live: 0, goes_offline: 0, live_updates: 0, draft_only: 0, schema_changes: 0, webhook_changes: 0 },
  }
  const byUuid = new Map<string, CollectionDiff>()
  const diffFor = (c: Collection, status: CollectionDiff['status']): CollectionDiff => {
    let d = byUuid.get(c.uuid)
    if (!d) { d = { slug: c.slug, name: c.name, status, schema: [], entries: [] }; byUuid.set(c.uuid, d) }
    return d
  }
  const baseByUuid = new Map([...b.collections.values()].map((c) => [c.uuid, c]))
  const headByUuid = new Map([...h.collections.values()].map((c) => [c.uuid, c]))
  for (const c of h.collections.values()) {
    const old = baseByUuid.get(c.uuid)
    if (!old) { diffFor(c, 'added').schema.push({ change: 'collection', detail: `collection added with ${c.fields.length} field(s)` }); continue }
    const schema = schemaChanges(old, c)
    if (schema.length > 0) { const d = diffFor(c, 'changed'); d.schema.push(...schema); if (old.slug !== c.slug) d.renamed_from = old.slug }
  }
  for (const c of b.collections.values()) if (!headByUuid.has(c.uuid)) diffFor(c, 'removed').schema.push({ change: 'collection', detail: 'collection removed (its entries go with it)' })

  // Entries by uuid, so a collection rename (same bytes, new folder) is not an add plus a remove.
  const be = new Map<string, { slug: string; id: string }>()
  const he = new Map<string, { slug: string; id: string }>()
  for (const c of changes) {
    const m = /^entries\/([^/]+)\/([^/]+)\.json$/.exec(c.path)
    if (!m) continue
    if (c.before) be.set(m[2]!, { slug: m[1]!, id: c.before })
    if (c.after) he.set(m[2]!, { slug: m[1]!, id: c.after })
  }
  const uuids = new Set<string>()
  for (const [u, x] of be) if (he.get(u)?.id !== x.id) uuids.add(u)
  for (const u of he.keys()) if (!be.has(u)) uuids.add(u)
  for (const uuid of [...uuids].sort()) {
    const before = be.get(uuid)
    const after = he.get(uuid)
    const oldEntry = before ? parseEntry(texts.get(before.id)) : null
    const newEntry = after ? parseEntry(texts.get(after.id)) : null
    const collection = (after && h.collections.get(after.slug)) ?? (before && b.collections.get(before.slug))
    const oldCollection = before ? b.collections.get(before.slug) : undefined
    if (!collection) continue
    const d = diffFor(headByUuid.get(collection.uuid) ?? collection, headByUuid.has(collection.uuid) ? 'changed' : 'removed')
    const entry = entryDiff(uuid, oldEntry, newEntry, collection, oldCollection)
    if (entry) d.entries.push(entry)
  }

  await nameValues(repo, [head, base], byUuid, b, h)

  for (const d of byUuid.values()) {
    d.entries.sort((x, y) => order(x.status) - order(y.status) || x.title.localeCompare(y.title) || x.locale.localeCompare(y.locale))
    for (const e of d.entries) {
      report.summary[e.status]++
      if (e.live === 'goes-live') report.summary.goes_live++
      else if (e.live === 'goes-offline') report.summary.goes_offline++
      else if (e.live === 'live-update') report.summary.live_updates++
      else if (e.live === 'draft-only') report.summary.draft_only++
    }
    report.summary.schema_changes += d.schema.length
  }
  report.collections = [...byUuid.values()].filter((d) => d.schema.length > 0 || d.entries.length > 0 || d.status !== 'changed').sort((x, y) => x.slug.localeCompare(y.slug))

  for (const c of changes.filter((x) => x.path.startsWith('webhooks/')).sort((x, y) => (x.path < y.path ? -1 : 1))) {
    const where = classifyPath('/', `/${c.path}`)
    if (where.kind !== 'webhook') continue
    const before = parseWebhook(c.before ? texts.get(c.before) : undefined)
    const after = parseWebhook(c.after ? texts.get(c.after) : undefined)
    const status = !before ? 'added' : !after ? 'removed' : 'changed'
    const changes = valueChanges(webhookView(before), webhookView(after))
    if (status === 'changed' && changes.length === 0) continue
    report.webhooks.push({ uuid: where.uuid, name: (after ?? before)?.name ?? where.uuid, status, changes: status === 'changed' ? changes : [] })
  }
  report.summary.webhook_changes = report.webhooks.length
  return report
}

/** Labels and readable values on every entry's field changes; related entries and files by name. */
async function nameValues(repo: Awaited<ReturnType<typeof openRepo>>, commits: string[], diffs: Map<string, CollectionDiff>, b: Side, h: Side): Promise<void> {
  const collections = new Map([...b.collections, ...h.collections])
  const bySlug = (slug: string) => h.collections.get(slug) ?? b.collections.get(slug)
  const paths = new Set<string>()
  for (const d of diffs.values()) {
    const c = bySlug(d.slug)
    if (!c) continue
    for (const e of d.entries) {
      for (const change of [...e.draft, ...e.published]) referencePaths(c.fields, [{ [change.field]: change.before }, { [change.field]: change.after }], collections.values(), paths)
    }
  }
  const names = await resolveNames(repo, commits, paths, collections, (fields, c) => {
    const key = titleField(c)
    const v = key ? fields[key] : undefined
    return typeof v === 'string' && v.trim() ? v.trim() : null
  })
  for (const d of diffs.values()) {
    const c = bySlug(d.slug)
    if (!c) continue
    for (const e of d.entries) {
      e.draft = readableChanges(e.draft, c, names)
      e.published = readableChanges(e.published, c, names)
    }
  }
}

const order = (s: EntryDiff['status']) => (s === 'added' ? 0 : s === 'changed' ? 1 : 2)

function side(blobs: Map<string, string>, texts: Map<string, string>): Side {
  const collections = new Map<string, Collection>()
  let project: Project | null = null
  const names = [...blobs.keys()].filter((p) => /^collections\/[^/]+\.yaml$/.test(p)).sort()
  names.forEach((p, i) => {
    const value = safe(() => parseYaml(texts.get(blobs.get(p)!) ?? '') as Record<string, unknown>)
    if (value && typeof value.slug === 'string' && Array.isArray(value.fields)) {
      const c = toCollection(value, i)
      collections.set(p.slice('collections/'.length, -'.yaml'.length), c)
    }
  })
  const projectText = blobs.has('project.yaml') ? texts.get(blobs.get('project.yaml')!) : undefined
  const pv = projectText ? safe(() => parseYaml(projectText) as Record<string, unknown>) : null
  if (pv && Array.isArray(pv.locales)) project = toProject(pv)
  return { collections, project, blobs }
}

const safe = <T>(fn: () => T): T | null => { try { return fn() } catch { return null } }

function parseEntry(text: string | undefined): EntryRecord | null {
  if (!text) return null
  const v = safe(() => parseJson(text) as Record<string, unknown>)
  return v && v.fields && typeof v.fields === 'object' ? toEntry(v) : null
}

function parseWebhook(text: string | undefined): WebhookRecord | null {
  if (!text) return null
  const v = safe(() => parseYaml(text) as Record<string, unknown>)
  return v && typeof v.url === 'string' ? toWebhook(v) : null
}

function projectView(p: Project | null): Record<string, unknown> {
  if (!p) return {}
  return { name: p.name, description: p.description, api: p.api, default_locale: p.default_locale, locales: p.locales.join(', ') }
}

function webhookView(w: WebhookRecord | null): Record<string, unknown> {
  if (!w) return {}
  return { name: w.name, url: w.url, events: w.events.join(', '), sources: w.sources.join(', '), status: w.status ? 'on' : 'off', payload: w.payload, collection_ids: w.collection_ids.join(', '), description: w.description }
}

function titleOf(entry: EntryRecord, c: Collection): string {
  const key = titleField(c)
  const value = key ? (entry.published?.[key] ?? entry.fields[key]) : undefined
  if (typeof value === 'string' && value.trim()) return value.trim().length > 80 ? `${value.trim().slice(0, 77)}...` : value.trim()
  return entry.uuid.slice(0, 8)
}

function entryDiff(uuid: string, before: EntryRecord | null, after: EntryRecord | null, c: Collection, oldC: Collection | undefined): EntryDiff | null {
  const any = (after ?? before)!
  if (!any) return null
  const base = { uuid, title: titleOf(any, c), locale: any.locale }
  if (!before) return { ...base, status: 'added', live: after!.published ? 'goes-live' : 'draft-only', events: after!.published ? ['published'] : [], draft: fieldChanges({}, after!.fields, c), published: [] }
  if (!after) return { ...base, status: 'removed', live: before.published && !before.deleted_at ? 'goes-offline' : 'none', events: [], draft: [], published: [] }
  const events: string[] = []
  if (!before.published && after.published) events.push(`published as version ${after.published_version ?? 1}`)
  else if (before.published && !after.published) events.push('unpublished')
  else if (before.published_version !== after.published_version && after.published) events.push(`published again as version ${after.published_version}`)
  if (!before.deleted_at && after.deleted_at) events.push('moved to the trash')
  if (before.deleted_at && !after.deleted_at) events.push('restored from the trash')
  if (before.locale !== after.locale) events.push(`language ${before.locale} → ${after.locale}`)
  if (oldC && oldC.slug !== c.slug) events.push(`moved from ${oldC.slug}`)
  const draft = fieldChanges(before.fields, after.fields, c)
  const published = before.published && after.published ? fieldChanges(before.published, after.published, c) : []
  let live: Live = 'none'
  if (!before.published && after.published) live = 'goes-live'
  else if (before.published && !after.published) live = 'goes-offline'
  else if (before.published && after.published && before.deleted_at === null && after.deleted_at !== null) live = 'goes-offline'
  else if (published.length > 0) live = 'live-update'
  else if (draft.length > 0) live = 'draft-only'
  return { ...base, status: 'changed', live, events, draft, published }
}

const LONG = new Set(['longtext', 'richtext'])

function fieldChanges(before: FieldValues, after: FieldValues, c: Collection): FieldChange[] {
  const schema = new Map<string, Field>(c.fields.map((f) => [f.name, f]))
  const keys = [...c.fields.map((f) => f.name), ...[...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !schema.has(k)).sort()]
  const out: FieldChange[] = []
  for (const key of keys) {
    const x = before[key]
    const y = after[key]
    if (JSON.stringify(x) === JSON.stringify(y)) continue
    const change: FieldChange = { field: key }
    if (x !== undefined) change.before = x
    if (y !== undefined) change.after = y
    const long = typeof x === 'string' && typeof y === 'string' && (LONG.has(schema.get(key)?.type ?? '') || x.length > 120 || y.length > 120)
    if (long) change.words = wordDiff(x, y)
    out.push(change)
  }
  return out
}

function valueChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = []
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    const change: FieldChange = { field: key }
    if (before[key] !== undefined) change.before = before[key]
    if (after[key] !== undefined) change.after = after[key]
    out.push(change)
  }
  return out
}

function schemaChanges(a: Collection, b: Collection): SchemaChange[] {
  const out: SchemaChange[] = []
  if (a.slug !== b.slug) out.push({ change: 'collection', detail: `slug ${a.slug} → ${b.slug}` })
  if (a.name !== b.name) out.push({ change: 'collection', detail: `name "${a.name}" → "${b.name}"` })
  if (a.is_singleton !== b.is_singleton) out.push({ change: 'collection', detail: b.is_singleton ? 'now a singleton' : 'no longer a singleton' })
  const walk = (x: Field[], y: Field[], prefix: string) => {
    const xs = new Map(x.map((f) => [f.uuid, f]))
    const ys = new Map(y.map((f) => [f.uuid, f]))
    for (const f of y) {
      const old = xs.get(f.uuid)
      const name = `${prefix}${f.name}`
      if (!old) { out.push({ change: 'added', field: name, detail: `${f.type}${f.validations.required?.status ? ', required' : ''}` }); continue }
      const details: string[] = []
      if (old.name !== f.name) details.push(`renamed from ${prefix}${old.name}`)
      if (old.type !== f.type) details.push(`type ${old.type} → ${f.type}`)
      if (old.label !== f.label) details.push(`label "${old.label}" → "${f.label}"`)
      for (const rule of ['required', 'unique'] as const) {
        const was = old.validations[rule]?.status === true
        const now = f.validations[rule]?.status === true
        if (was !== now) details.push(`${rule} ${now ? 'on' : 'off'}`)
      }
      if (JSON.stringify(old.validations.charcount ?? null) !== JSON.stringify(f.validations.charcount ?? null)) details.push('charcount changed')
      if (JSON.stringify(old.options) !== JSON.stringify(f.options)) details.push('options changed')
      if (details.length > 0) out.push({ change: 'changed', field: name, detail: details.join('; ') })
      if (f.children || old.children) walk(old.children ?? [], f.children ?? [], `${name}.`)
    }
    for (const f of x) if (!ys.has(f.uuid)) out.push({ change: 'removed', field: `${prefix}${f.name}`, detail: f.type })
    const kept = (list: Field[], other: Map<string, Field>) => list.filter((f) => other.has(f.uuid)).map((f) => f.uuid).join()
    if (kept(x, ys) !== kept(y, xs)) out.push({ change: 'reordered', detail: `${prefix ? `${prefix.slice(0, -1)}: ` : ''}fields reordered: ${y.map((f) => f.name).join(', ')}` })
  }
  walk(a.fields, b.fields, '')
  return out
}

