import { readFile, stat } from 'node:fs/promises'
import type { Collection, EntryRecord, Field, Project } from '../core/types.ts'
import { checkStoredFields } from '../schema/validate-entry.ts'
import { toEntry, toProject, toVersionRecord, toWebhook } from '../storage/records.ts'
import { firstDifferentLine } from './canonical.ts'
import { scanTree, type ScannedFile } from './scan.ts'

/**
 * `cms validate`: every check a content tree can fail, without a server and without
 * writing. Each problem names its file (relative to the content root) and, where it can, a line.
 */
export type Rule =
  | 'parse' | 'schema' | 'location' | 'format' | 'config' | 'field' | 'locale' | 'unique'
  | 'reference' | 'singleton' | 'translation' | 'version' | 'orphan-version'

export interface Problem {
  file: string
  line?: number
  column?: number
  rule: Rule
  message: string
}

export interface ValidateReport {
  root: string
  ok: boolean
  files: number
  entries: number
  problems: Problem[]
}

interface EntryInfo { slug: string; rel: string; entry: EntryRecord }
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const RESERVED = new Set(['collections', 'files', 'webhooks', 'bulk', 'project', 'auth'])

export async function validateTree(root: string): Promise<ValidateReport> {
  const info = await stat(root).catch(() => null)
  if (!info?.isDirectory()) throw Object.assign(new Error(`No content directory at ${root}`), { cannotRun: true })
  const problems: Problem[] = []
  const report = (p: Problem) => problems.push(p)
  let project: Project | null = null
  const entries = new Map<string, EntryInfo>() // by uuid
  const duplicateUuid = new Map<string, string>()
  const versions = new Map<string, Set<number>>() // `${slug}/${uuid}` -> numbers
  const assets = new Set<string>()
  const assetFiles: Array<{ rel: string; uuid: string }> = []
  const webhookCollections: Array<{ rel: string; ids: string[] }> = []

  const state = await scanTree(root, (file: ScannedFile, st) => {
    const { where, rel } = file
    if (where.kind === 'temp') return
    if (where.kind === 'unknown') return report({ file: rel, rule: 'location', message: misplaced(rel) })
    if (where.kind === 'asset-file') return void assetFiles.push({ rel, uuid: where.uuid })
    const r = file.result
    if (!r) return
    if (!r.ok) {
      const p = r.problem
      return report({ file: rel, rule: p.line ? 'parse' : 'schema', message: p.message, ...(p.line ? { line: p.line } : {}), ...(p.column ? { column: p.column } : {}) })
    }
    if (file.canonical !== undefined && file.canonical !== r.text) {
      report({ file: rel, line: firstDifferentLine(r.text, file.canonical), rule: 'format', message: 'not in canonical form (run `cms fmt`)' })
    }
    const value = r.value
    switch (where.kind) {
      case 'project': project = toProject(value); break
      case 'collection': {
        if (value.slug !== where.slug) report({ file: rel, line: lineOfKey(r.text, 'slug'), rule: 'location', message: `slug "${String(value.slug)}" does not match the file name (expected collections/${String(value.slug)}.yaml)` })
        if (RESERVED.has(where.slug)) report({ file: rel, line: lineOfKey(r.text, 'slug'), rule: 'config', message: `the slug "${where.slug}" is reserved by the API` })
        break
      }
      case 'webhook': {
        const w = toWebhook(value)
        if (w.uuid !== where.uuid) report({ file: rel, line: lineOfKey(r.text, 'uuid'), rule: 'location', message: `uuid "${w.uuid}" does not match the file name` })
        webhookCollections.push({ rel, ids: w.collection_ids })
        break
      }
      case 'asset-meta': {
        assets.add(where.uuid)
        if (value.uuid !== where.uuid) report({ file: rel, line: lineOfKey(r.text, 'uuid'), rule: 'location', message: `uuid "${String(value.uuid)}" does not match the file name` })
        break
      }
      case 'entry': {
        const entry = toEntry(value)
        if (!st.collections.has(where.slug)) return report({ file: rel, rule: 'location', message: `no collection "${where.slug}" (collections/${where.slug}.yaml is missing)` })
        if (entry.uuid !== where.uuid) return report({ file: rel, line: lineOfKey(r.text, 'uuid'), rule: 'location', message: `uuid "${entry.uuid}" does not match the file name` })
        const seen = entries.get(entry.uuid)
        if (seen) duplicateUuid.set(rel, seen.rel)
        else entries.set(entry.uuid, { slug: where.slug, rel, entry })
        checkEntryFields(st.collections.get(where.slug)!, entry, rel, r.text, report)
        break
      }
      case 'version': {
        const v = toVersionRecord(value)
        if (v.entry_uuid !== where.uuid) report({ file: rel, line: lineOfKey(r.text, 'entry_uuid'), rule: 'location', message: `entry_uuid "${v.entry_uuid}" does not match the folder (${where.uuid})` })
        if (v.version_number !== where.n) report({ file: rel, line: lineOfKey(r.text, 'version_number'), rule: 'location', message: `version_number ${v.version_number} does not match the file name (${where.n}.json)` })
        const key = `${where.slug}/${where.uuid}`
        const set = versions.get(key) ?? new Set<number>()
        set.add(where.n)
        versions.set(key, set)
        const owner = entries.get(where.uuid)
        if (!owner || owner.slug !== where.slug) report({ file: rel, rule: 'orphan-version', message: `version of an entry that does not exist (entries/${where.slug}/${where.uuid}.json is missing)` })
        break
      }
    }
  })

  const collections = state.collections
  if (!project) {
    if (!problems.some((p) => p.file === 'project.yaml')) report({ file: 'project.yaml', rule: 'config', message: 'project.yaml is missing (run `cms init` or `cms import`)' })
  } else {
    const p = project as Project
    if (!p.locales.includes(p.default_locale)) report({ file: 'project.yaml', line: 1, rule: 'config', message: `default_locale "${p.default_locale}" is not one of the locales (${p.locales.join(', ')})` })
  }
  for (const [rel, first] of duplicateUuid) report({ file: rel, rule: 'unique', message: `entry uuid also used by ${first}` })
  for (const { rel, uuid } of assetFiles) if (!assets.has(uuid)) report({ file: rel, rule: 'location', message: `stored file without metadata (assets/${uuid}.yaml is missing)` })
  const uuids = new Set([...collections.values()].map((c) => c.uuid))
  for (const { rel, ids } of webhookCollections) {
    for (const id of ids) if (!uuids.has(id)) report({ file: rel, rule: 'reference', message: `collection_ids names no collection: ${id}` })
  }
  for (const [slug, c] of collections) checkCollectionConfig(c, `collections/${slug}.yaml`, collections, report)

  await crossChecks(root, project, collections, entries, versions, assets, report)

  for (const p of problems) p.line ??= 1
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)))
  return { root, ok: problems.length === 0, files: state.files, entries: entries.size, problems }
}

function misplaced(rel: string): string {
  const top = rel.split('/')[0]
  const hint: Record<string, string> = {
    entries: 'entries live at entries/<collection-slug>/<uuid>.json',
    versions: 'versions live at versions/<collection-slug>/<entry-uuid>/<n>.json',
    collections: 'collections live at collections/<slug>.yaml',
    assets: 'assets live at assets/<uuid>.yaml and assets/<uuid>/<filename>',
    webhooks: 'webhooks live at webhooks/<uuid>.yaml',
  }
  return `file in the wrong place: ${hint[top ?? ''] ?? 'the content root holds project.yaml, tokens.yaml, collections/, entries/, versions/, assets/ and webhooks/'}`
}

function checkCollectionConfig(c: Collection, rel: string, all: Map<string, Collection>, report: (p: Problem) => void): void {
  const walk = (fields: Field[], where: string) => {
    const names = new Set<string>()
    for (const f of fields) {
      if (names.has(f.name)) report({ file: rel, rule: 'config', message: `field name "${where}${f.name}" is used twice` })
      names.add(f.name)
      if (f.type === 'relation') {
        const target = f.options.relation?.collection
        if (!target || !resolveTarget(all, String(target))) report({ file: rel, rule: 'reference', message: `relation field "${where}${f.name}" targets no existing collection (${JSON.stringify(target ?? null)})` })
      }
      if (f.children) walk(f.children, `${where}${f.name}.`)
    }
  }
  walk(c.fields, '')
}

function resolveTarget(all: Map<string, Collection>, ref: string): Collection | undefined {
  return all.get(ref) ?? [...all.values()].find((c) => c.uuid === ref)
}

function checkEntryFields(c: Collection, entry: EntryRecord, rel: string, text: string, report: (p: Problem) => void): void {
  const draft = checkStoredFields(c, entry.fields)
  const published = entry.published ? checkStoredFields(c, entry.published) : {}
  const emit = (side: 'fields' | 'published', errors: Record<string, string[]>, skip: Record<string, string[]>) => {
    for (const [key, messages] of Object.entries(errors)) {
      const name = key.replace(/^data\./, '').split('.')[0] ?? key
      for (const m of messages) {
        if (skip[key]?.includes(m)) continue
        report({ file: rel, line: fieldLine(text, side, name), rule: 'field', message: `${side === 'published' ? 'published ' : ''}${name}: ${m}` })
      }
    }
  }
  emit('fields', draft, {})
  // The published snapshot usually equals the draft: report only what differs there.
  emit('published', published, draft)
}

type Report = (p: Problem) => void

async function crossChecks(
  root: string, project: Project | null, collections: Map<string, Collection>, entries: Map<string, EntryInfo>,
  versions: Map<string, Set<number>>, assets: Set<string>, report: Report,
): Promise<void> {
  const texts = new Map<string, string>()
  /** Line lookups re-read the (few) files that have a cross-file problem. */
  const later: Array<{ rel: string; side: 'fields' | 'published' | null; key: string; rule: Rule; message: string }> = []
  const locales = new Set(project?.locales ?? [])
  const unique = new Map<string, { rel: string; reported: boolean }>()
  const singletons = new Map<string, string>()
  const groups = new Map<string, EntryInfo[]>()
  const sorted = [...entries.values()].sort((a, b) => (a.rel < b.rel ? -1 : 1))
  for (const info of sorted) {
    const { entry, slug, rel } = info
    const c = collections.get(slug)!
    if (project && !locales.has(entry.locale)) later.push({ rel, side: null, key: 'locale', rule: 'locale', message: `locale "${entry.locale}" is not a project locale (${[...locales].join(', ')})` })
    if (entry.published_version !== null && entry.published) {
      if (!versions.get(`${slug}/${entry.uuid}`)?.has(entry.published_version)) {
        later.push({ rel, side: null, key: 'published_version', rule: 'version', message: `published_version ${entry.published_version} has no file (versions/${slug}/${entry.uuid}/${entry.published_version}.json is missing)` })
      }
    }
    if (entry.translation_group) groups.set(entry.translation_group, [...(groups.get(entry.translation_group) ?? []), info])
    if (entry.deleted_at) continue
    if (c.is_singleton) {
      const key = `${slug}\u0000${entry.locale}`
      const first = singletons.get(key)
      if (first) later.push({ rel, side: null, key: 'uuid', rule: 'singleton', message: `"${slug}" is a singleton but ${first} is already its "${entry.locale}" entry` })
      else singletons.set(key, rel)
    }
    for (const f of c.fields) {
      if (!f.validations.unique?.status) continue
      const v = entry.fields[f.name]
      if (v === undefined || v === null || v === '') continue
      const key = `${slug}\u0000${entry.locale}\u0000${f.name}\u0000${JSON.stringify(v)}`
      const first = unique.get(key)
      if (!first) { unique.set(key, { rel, reported: false }); continue }
      later.push({ rel, side: 'fields', key: f.name, rule: 'unique', message: `${f.name}: ${JSON.stringify(v)} must be unique but ${first.rel} has it too` })
      if (!first.reported) {
        first.reported = true
        later.push({ rel: first.rel, side: 'fields', key: f.name, rule: 'unique', message: `${f.name}: ${JSON.stringify(v)} must be unique but ${rel} has it too` })
      }
    }
    const seen = new Set<string>()
    for (const [side, values] of [['fields', entry.fields], ['published', entry.published ?? {}]] as const) {
      for (const ref of references(c.fields, values)) {
        const problem = checkRef(ref, collections, entries, assets)
        if (!problem || seen.has(`${ref.path}\u0000${problem}`)) continue
        seen.add(`${ref.path}\u0000${problem}`)
        later.push({ rel, side, key: ref.top, rule: 'reference', message: `${side === 'published' ? 'published ' : ''}${ref.path}: ${problem}` })
      }
    }
  }
  for (const [group, members] of groups) {
    const byLocale = new Map<string, EntryInfo>()
    for (const m of members) {
      const first = byLocale.get(m.entry.locale)
      if (first) later.push({ rel: m.rel, side: null, key: 'translation_group', rule: 'translation', message: `translation group ${group} already has a "${m.entry.locale}" entry (${first.rel})` })
      else byLocale.set(m.entry.locale, m)
      if (m.slug !== members[0]!.slug) later.push({ rel: m.rel, side: null, key: 'translation_group', rule: 'translation', message: `translation group ${group} spans collections (${members[0]!.slug} and ${m.slug})` })
    }
  }
  for (const l of later) {
    let text = texts.get(l.rel)
    if (text === undefined) {
      text = await readFile(`${root}/${l.rel}`, 'utf8').catch(() => '')
      texts.set(l.rel, text)
    }
    report({ file: l.rel, line: l.side ? fieldLine(text, l.side, l.key) : lineOfKey(text, l.key), rule: l.rule, message: l.message })
  }
}

interface Ref { kind: 'relation' | 'media'; field: Field; top: string; path: string; uuid: unknown }

/** Every relation/media reference in an entry's values, group children included. */
function references(fields: Field[], values: Record<string, unknown>, top?: string, prefix = ''): Ref[] {
  const out: Ref[] = []
  for (const f of fields) {
    const v = values[f.name]
    if (v === undefined || v === null) continue
    const path = `${prefix}${f.name}`
    if (f.type === 'relation' || f.type === 'media') {
      for (const uuid of Array.isArray(v) ? v : [v]) out.push({ kind: f.type, field: f, top: top ?? f.name, path, uuid })
    } else if (f.type === 'group' && f.children) {
      const items = Array.isArray(v) ? v : [v]
      items.forEach((item, i) => { if (isObject(item)) out.push(...references(f.children!, item, top ?? f.name, `${path}${Array.isArray(v) ? `.${i}` : ''}.`)) })
    }
  }
  return out
}

function checkRef(ref: Ref, collections: Map<string, Collection>, entries: Map<string, EntryInfo>, assets: Set<string>): string | null {
  if (typeof ref.uuid !== 'string') return `reference ${JSON.stringify(ref.uuid)} is not a uuid`
  if (ref.kind === 'media') return assets.has(ref.uuid) ? null : `asset ${ref.uuid} does not exist`
  const target = ref.field.options.relation?.collection
  const want = target ? resolveTarget(collections, String(target)) : undefined
  const found = entries.get(ref.uuid)
  if (!found) return `entry ${ref.uuid} does not exist`
  if (want && found.slug !== want.slug) return `entry ${ref.uuid} is in "${found.slug}", but the field points at "${want.slug}"`
  return null
}

/** Line of `"key":` (JSON) or `key:` (YAML) at the top level of a file; 1 when absent. */
function lineOfKey(text: string, key: string): number {
  const m = new RegExp(`^(?:  "${key}":|${key}:)`, 'm').exec(text)
  return m ? lineAt(text, m.index) : 1
}

/** Line of a field inside the `fields` or `published` object of an entry file. */
function fieldLine(text: string, side: 'fields' | 'published', name: string): number {
  const start = text.indexOf(`\n  "${side}": {`)
  if (start < 0) return lineOfKey(text, side)
  const at = text.indexOf(`\n    ${JSON.stringify(name)}:`, start)
  const end = text.indexOf('\n  }', start)
  return at >= 0 && (end < 0 || at < end) ? lineAt(text, at + 1) : lineAt(text, start + 1)
}

function lineAt(text: string, index: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}
