import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join, resolve } from 'node:path'
import { readServerInfo } from '../storage/lock.ts'
import { schemaJournalPath } from '../storage/schema-journal.ts'
import { CmsError } from '../core/errors.ts'
import { newUuid, now, isLocale, isSlug, isUuid } from '../core/ids.ts'
import type { Collection, EntryRecord, Field, FieldValues, Project, VersionRecord } from '../core/types.ts'
import { FIELD_TYPES } from '../core/types.ts'
import { syncDir, writeFileAtomic } from '../storage/atomic.ts'
import { serializeEntry, serializeVersion, serializeYaml } from '../storage/codec.ts'
import { collectionDocument, projectDocument } from '../storage/records.ts'
import { createLayout } from '../storage/paths.ts'
import { listDir } from '../storage/read-files.ts'
import { ensureGitignore } from '../service/project/init.ts'
import { importValue } from './values.ts'
import { eachTemplateEntry, scanTemplate, type RawField, type TemplateScan } from './read-template.ts'
import { createFileWriter } from './write-files.ts'
import { flushFileSystem } from '../storage/flush-file-system.ts'

export interface ImportSummary {
  project: string
  content_dir: string
  collections: number
  entries: number
  published: number
  drafts: number
  warnings: string[]
}

export interface ImportOptions {
  force?: boolean
  onProgress?: (done: number, total: number) => void
  /** Called as the template is first read through (checked whole before anything is written). */
  onScan?: (bytes: number, total: number) => void
  /** Called once every file is written, as the flush to disk starts (it can take seconds). */
  onFlush?: () => void
}

/** Imports with at least this many entries are written by worker threads. */
const PARALLEL_FROM = 2000
const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/**
 * Imports a template into a new content root: project, collections, entries (published ones
 * as version 1). Template ids in relation values become the uuids of the entries they name.
 *
 * Everything is written into a hidden staging folder beside the content root and swapped in
 * with two renames once it is complete and flushed: a killed import leaves the content root
 * as it was (or absent), never half a project. `force` replaces an existing content root
 * whole, so the result is exactly the template's.
 */
export async function importTemplate(file: string, contentDir: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const template = await scanTemplate(file, options.onScan)
  const target = resolve(contentDir)
  const stateDir = createLayout(target).stateDir
  await mkdir(dirname(target), { recursive: true })
  await recoverInterruptedImport(target)
  const existing = await listDir(target)
  if (existing.length > 0 && !options.force) {
    if (existing.includes('project.yaml')) throw new CmsError('conflict', `A project already exists at ${contentDir}. Import into a new directory, or use --force to replace it (its content is removed).`)
    throw new CmsError('conflict', `${contentDir} is not empty (${existing.slice(0, 3).join(', ')}${existing.length > 3 ? ', ...' : ''}). Import into a new or empty directory, or use --force to replace its content.`)
  }
  const running = await readServerInfo(stateDir)
  if (running) throw new CmsError('conflict', `A cms server (pid ${running.pid}) is serving ${contentDir}. Stop it before importing over it.`)
  const staging = sibling(target, STAGING_MARK)
  try {
    const summary = await writeProject(template, file, staging, options)
    await swapIn(staging, target, stateDir)
    await ensureGitignore(dirname(target))
    return { ...summary, content_dir: contentDir }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}

/** The import's hidden siblings of the content root: `.content.cms-import-<id>`, `.content.cms-replaced-<id>`. */
const STAGING_MARK = '.cms-import-'
const REPLACED_MARK = '.cms-replaced-'
const sibling = (target: string, mark: string): string => join(dirname(target), `.${basename(target)}${mark}${randomBytes(4).toString('hex')}`)

/**
 * Cleans up after a killed import: staging folders go (they were never complete), and a
 * content root moved aside just before the swap is put back if the swap did not happen.
 */
async function recoverInterruptedImport(target: string): Promise<void> {
  const parent = dirname(target)
  const name = basename(target)
  const siblings = await listDir(parent)
  const replaced = siblings.filter((n) => n.startsWith(`.${name}${REPLACED_MARK}`))
  const targetExists = await stat(target).then(() => true, () => false)
  for (const n of replaced) {
    if (!targetExists && n === replaced[0]) await rename(join(parent, n), target)
    else await rm(join(parent, n), { recursive: true, force: true })
  }
  for (const n of siblings.filter((x) => x.startsWith(`.${name}${STAGING_MARK}`))) await rm(join(parent, n), { recursive: true, force: true })
}

/**
 * Puts the complete tree at `staging` in place of `target`: the old tree is moved aside,
 * the new one renamed in, the old one removed. State that belonged to the replaced tree
 * (index cache, an unfinished schema change) goes with it.
 */
async function swapIn(staging: string, target: string, stateDir: string): Promise<void> {
  const aside = sibling(target, REPLACED_MARK)
  const had = await stat(target).then(() => true, () => false)
  if (had) await rename(target, aside)
  await rename(staging, target)
  await syncDir(dirname(target))
  await rm(join(stateDir, 'index-cache.bin'), { force: true })
  await rm(schemaJournalPath(stateDir), { force: true })
  if (had) await rm(aside, { recursive: true, force: true })
}

async function writeProject(scan: TemplateScan, file: string, contentDir: string, options: ImportOptions): Promise<ImportSummary> {
  const template = scan.header
  const layout = createLayout(contentDir)
  const warnings: string[] = []
  const locales = Array.isArray(template.locales) && template.locales.length > 0 ? template.locales.filter(isLocale) : ['en']
  const defaultLocale = template.default_locale && locales.includes(template.default_locale) ? template.default_locale : locales[0]!
  const project: Project = {
    uuid: newUuid(), name: template.name ?? template.slug ?? 'Imported project', description: template.description ?? null,
    default_locale: defaultLocale, locales, api: template.public_api === false ? 'private' : 'public',
  }
  const at = now()
  const collections = new Map<string, Collection>()
  for (const [order, raw] of (template.collections ?? []).entries()) {
    if (!isSlug(raw.slug)) throw new CmsError('bad_request', `${file}: collection slug ${JSON.stringify(raw.slug)} is not a valid slug`)
    collections.set(raw.slug, {
      uuid: newUuid(), name: raw.name ?? raw.slug, slug: raw.slug, is_singleton: raw.is_singleton === true, order,
      created_at: at, updated_at: at, fields: (raw.fields ?? []).map((f) => toField(f, `${raw.slug}.`)),
    })
  }

  // Relations may point forward: the first pass found every template id, each gets its uuid
  // when first named (by its entry or by a reference). A repeated id names its last entry.
  const groups = scan.groups.map((g) => ({ ...g, known: g.collection !== null && collections.has(g.collection) }))
  for (const g of groups) if (!g.known) warnings.push(`demo_data for unknown collection "${g.collection ?? '(none)'}" skipped`)
  const skipped = (ordinal: number) => groups.some((g) => !g.known && ordinal >= g.first && ordinal < g.first + g.count)
  const uuids = new Map<string, string>()
  const uuidOf = (key: string): string | null => {
    const last = scan.lastSeen.get(key)
    if (last === undefined || skipped(last)) return null
    let uuid = uuids.get(key)
    if (!uuid) uuids.set(key, (uuid = newUuid()))
    return uuid
  }
  const resolveRef = (ref: unknown): string | null => {
    const key = String(ref)
    return uuidOf(key) ?? (isUuid(key) ? key.toLowerCase() : null)
  }
  const total = groups.reduce((n, g) => n + (g.known ? g.count : 0), 0)

  await writeFileAtomic(layout.project, serializeYaml(projectDocument(project)), { durable: false })
  for (const c of collections.values()) await writeFileAtomic(layout.collection(c.slug), serializeYaml(collectionDocument(c)), { durable: false })

  // Every folder of the import is new (the staging folder is): made once, parents first.
  for (const slug of new Set(groups.filter((g) => g.known && g.count > 0).map((g) => g.collection!))) {
    await mkdir(layout.entryDir(slug), { recursive: true })
    await mkdir(dirname(layout.versionDir(slug, NIL_UUID)), { recursive: true })
  }
  let published = 0
  const base = Date.now() - total
  // Worker threads pay for themselves from a few thousand files on (measured: bench/load).
  const writer = createFileWriter({ parallel: total >= PARALLEL_FROM })
  let ordinal = 0
  let i = 0
  try {
    await eachTemplateEntry(file, scan, async (group, raw) => {
      const here = ordinal++
      if (!groups[group]!.known) return
      const slug = groups[group]!.collection!
      const key = raw.id === undefined || raw.id === null ? null : String(raw.id)
      const uuid = key !== null && scan.lastSeen.get(key) === here ? uuidOf(key)! : newUuid()
      // One millisecond apart, in template order, so "newest first" lists the last template entry first.
      const at = new Date(base + i).toISOString()
      const collection = collections.get(slug)!
      const fields: FieldValues = {}
      for (const field of collection.fields) {
        const input = raw.fields?.[field.name]
        if (input === undefined || input === null) continue
        const value = importValue(field, input, resolveRef, (w) => warnings.length < 100 && warnings.push(`${slug}/${raw.id ?? uuid}: ${w}`))
        if (value !== undefined) fields[field.name] = value
      }
      const isPublished = (raw.state ?? raw.status) === 'published'
      const locale = raw.locale && locales.includes(raw.locale) ? raw.locale : defaultLocale
      const entry: EntryRecord = {
        uuid, locale, translation_group: raw.translation_group_id ?? null, created_at: at, updated_at: at,
        published_at: isPublished ? at : null, published_version: isPublished ? 1 : null, deleted_at: null,
        fields, published: isPublished ? fields : null,
      }
      const files: Array<[string, string]> = [[layout.entry(slug, uuid), serializeEntry(entry, collection)]]
      const dirs: string[] = []
      if (isPublished) {
        published++
        const version: VersionRecord = {
          uuid: newUuid(), entry_uuid: uuid, version_number: 1, label: null, description: null, locale,
          translation_group: entry.translation_group, published_at: at, created_at: at, updated_at: at, fields,
        }
        dirs.push(layout.versionDir(slug, uuid))
        files.push([layout.version(slug, uuid, 1), serializeVersion(version, collection)])
      }
      await writer.add(dirs, files)
      const done = ++i
      if (options.onProgress && (done % 1000 === 0 || done === total)) options.onProgress(done, total)
    })
    await writer.finish()
  } finally {
    await writer.close()
  }
  // Nothing was fsynced one by one (180k fsyncs would dominate a 100k import): one flush of the
  // file system makes every file and folder durable before the import reports success and the
  // staging folder is swapped in. Without sync(1) the OS still writes them back on its own schedule.
  options.onFlush?.()
  await flushFileSystem(contentDir)
  return {
    project: project.uuid, content_dir: contentDir, collections: collections.size, entries: total,
    published, drafts: total - published, warnings,
  }
}

function toField(raw: RawField, where: string): Field {
  if (!(FIELD_TYPES as readonly string[]).includes(raw.type)) throw new CmsError('bad_request', `field ${where}${raw.name}: unknown type "${raw.type}"`)
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
  const field: Field = {
    uuid: newUuid(), type: raw.type as Field['type'], label: raw.label ?? raw.name, name: raw.name,
    description: raw.description ?? null, placeholder: raw.placeholder ?? null,
    options: obj(raw.options), validations: obj(raw.validations),
  }
  if (field.type === 'group') field.children = (raw.children ?? []).map((c) => toField(c, `${where}${raw.name}.`))
  return field
}
