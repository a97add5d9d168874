import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import type { Collection, EntryRecord, Field, Project } from '../core/types.ts'
import { checkStoredFields } from '../schema/validate-entry.ts'
import type { FileKind } from '../storage/file-schemas.ts'
import type { PathKind } from '../storage/paths.ts'
import { parseChecked, readError, tooLarge, type ReadResult } from '../storage/read-files.ts'
import { MAX_FILE_BYTES } from '../core/limits.ts'
import { toCollection, toWebhook } from '../storage/records.ts'
import { ingestAsset, ingestCollection, ingestEntry, ingestProject, ingestTokens, ingestVersion, ingestWebhook } from '../storage/ingest.ts'
import { fileProblem, type FileProblem, type FileProblemCode } from '../storage/problems.ts'
import { lineOfKey } from '../storage/line-of-path.ts'
import { canonicalText, firstDifferentLine, isCanonicalJson } from './canonical.ts'

/**
 * The per-file half of `cms validate`: parse, schema, canonical form, location and stored
 * values, for a list of files. Pure and synchronous, so it runs the same in this thread or
 * in a worker; what the whole-tree checks need comes back as small facts.
 */
export type Rule =
  | 'parse' | 'schema' | 'location' | 'format' | 'config' | 'field' | 'locale' | 'unique'
  | 'reference' | 'singleton' | 'translation' | 'version' | 'orphan-version'

export interface Problem {
  file: string
  line?: number
  column?: number
  rule: Rule
  /** For problems of a single file as it is read: the stable code of storage/problems.ts (docs/problems.md). */
  code?: FileProblemCode
  message: string
}

export interface TreeFile { rel: string; abs: string; where: PathKind }

export interface RefFact { side: 'fields' | 'published'; top: string; path: string; kind: 'relation' | 'media'; uuid: unknown; target: string | null }
export interface EntryFacts {
  slug: string
  rel: string
  uuid: string
  locale: string
  translation_group: string | null
  published_version: number | null
  /** Whether versions/<slug>/<uuid>/<published_version>.json exists (true when not published); set by `checkShare`. */
  published_file: boolean
  deleted: boolean
  /** [field name, JSON of the draft value] for the collection's unique fields. */
  unique: Array<[string, string]>
  refs: RefFact[]
}

export interface ChunkResult {
  /** Files seen, whatever their kind. */
  files: number
  problems: Problem[]
  entries: EntryFacts[]
  project: Project | null
  collections: Collection[]
  assets: string[]
  assetFiles: Array<{ rel: string; uuid: string }>
  webhooks: Array<{ rel: string; ids: string[] }>
}

const KIND: Partial<Record<PathKind['kind'], FileKind>> = {
  project: 'project', tokens: 'tokens', collection: 'collection', entry: 'entry', version: 'version', 'asset-meta': 'asset', webhook: 'webhook',
}
const RESERVED = new Set(['collections', 'files', 'webhooks', 'bulk', 'project', 'auth'])
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** `collections` are those already parsed (for entries and versions); `collectionOrder` gives each collection file's load position. */
export function checkFiles(files: TreeFile[], collections: Collection[], collectionOrder: string[] = []): ChunkResult {
  const checker = new FileChecker(collections, collectionOrder)
  for (const { rel, abs, where } of files) checker.check(rel, abs, where)
  return checker.out
}

/** The per-file checks, one file at a time, gathering problems and facts into `out`. */
export class FileChecker {
  /** Version files seen: [slug, entry uuid, n, rel]. */
  readonly versions: Array<[string, string, number, string]> = []
  readonly out: ChunkResult = { files: 0, problems: [], entries: [], project: null, collections: [], assets: [], assetFiles: [], webhooks: [] }
  private readonly bySlug: Map<string, Collection>
  private readonly collectionOrder: string[]

  constructor(collections: Collection[], collectionOrder: string[] = []) {
    this.bySlug = new Map(collections.map((c) => [c.slug, c]))
    this.collectionOrder = collectionOrder
  }

  check(rel: string, abs: string, where: PathKind): void {
    const out = this.out
    const report = (p: Problem) => out.problems.push(p)
    out.files++
    // Releases (docs/scheduling.md) are read by the server that publishes them, not checked here.
    if (where.kind === 'temp' || where.kind === 'release') return
    if (where.kind === 'unknown') return void report({ file: rel, rule: 'location', message: misplaced(rel) })
    if (where.kind === 'asset-file') return void out.assetFiles.push({ rel, uuid: where.uuid })
    const kind = KIND[where.kind]!
    const r = readChecked(abs, rel, kind)
    const fromStore = (p: FileProblem): void => { report(reviewProblem(p)) }
    if (!r.ok) return fromStore(r.problem)
    const value = r.value
    const order = where.kind === 'collection' ? this.collectionOrder.indexOf(rel) : 0
    const collection = where.kind === 'entry' || where.kind === 'version' ? this.bySlug.get(where.slug) : undefined
    // Entries and versions (nearly every file) are matched against their canonical form
    // without printing it; the text is built only to place a difference.
    const canonical = (where.kind === 'entry' || where.kind === 'version') && isCanonicalJson(where.kind, value, r.text, collection)
    if (!canonical) {
      const text = canonicalText(kind, value, { ...(collection ? { collection } : {}), order })
      if (text !== r.text) report({ file: rel, line: firstDifferentLine(r.text, text), rule: 'format', message: 'not in canonical form (run `cms fmt`)' })
    }
    // Parse, check and name through the same functions as the loader and the watcher (storage/ingest.ts).
    switch (where.kind) {
      case 'project': {
        const i = ingestProject(r)
        if (i.ok) out.project = i.record
        else i.problems.forEach(fromStore)
        break
      }
      case 'tokens': {
        const i = ingestTokens(r)
        if (!i.ok) i.problems.forEach(fromStore)
        break
      }
      case 'collection': {
        const i = ingestCollection(r, rel, where, order)
        if (!i.ok) i.problems.forEach(fromStore)
        if (RESERVED.has(where.slug)) report({ file: rel, line: lineOfKey(r.text, 'slug'), rule: 'config', message: `the slug "${where.slug}" is reserved by the API` })
        // Named by its folder even when the slug inside is wrong, so its entries are checked against it.
        out.collections.push({ ...toCollection(value, order), slug: where.slug })
        break
      }
      case 'webhook': {
        const i = ingestWebhook(r, rel, where)
        if (!i.ok) i.problems.forEach(fromStore)
        out.webhooks.push({ rel, ids: toWebhook(value).collection_ids })
        break
      }
      case 'asset-meta': {
        out.assets.push(where.uuid)
        const i = ingestAsset(r, rel, where)
        if (!i.ok) i.problems.forEach(fromStore)
        break
      }
      case 'entry': {
        const i = ingestEntry(r, rel, where, collection !== undefined)
        if (!i.ok || !collection) { if (!i.ok) i.problems.forEach(fromStore); break }
        checkEntryFields(collection, i.record, rel, r.text, report)
        out.entries.push(facts(collection, i.record, rel))
        break
      }
      case 'version': {
        const i = ingestVersion(r, rel, where)
        if (!i.ok) i.problems.forEach(fromStore)
        this.versions.push([where.slug, where.uuid, where.n, rel])
        break
      }
    }
  }
}

/** A problem of the one ingestion path as a `cms validate` problem: its code kept, its rule from the code. */
function reviewProblem(p: FileProblem): Problem {
  return { file: p.file, ...(p.line ? { line: p.line } : {}), ...(p.column ? { column: p.column } : {}), rule: RULE_OF[p.code], code: p.code, message: p.message }
}

const RULE_OF: Record<FileProblemCode, Rule> = {
  unreadable: 'schema', missing: 'schema', symlink: 'schema', too_large: 'schema', too_deep: 'schema', schema: 'schema', syntax: 'parse',
  slug_mismatch: 'location', uuid_mismatch: 'location', no_collection: 'location', version_entry_mismatch: 'location', version_number_mismatch: 'location',
  project_removed: 'schema', changed_while_formatting: 'format',
}

/**
 * `readCheckedSync` (same results, same messages) through one reused buffer: at 100k+
 * small files, readFileSync's option handling, fstat and a fresh buffer per file add up.
 * A read that does not fill the buffer ends the file (as for any regular file), which
 * saves the extra read that would return 0.
 */
let buffer = Buffer.allocUnsafe(1 << 16)
function readChecked(path: string, rel: string, kind: FileKind): ReadResult<Record<string, unknown>> {
  let text: string
  try {
    const fd = openSync(path, 'r')
    try {
      let length = 0
      for (;;) {
        const want = buffer.length - length
        const n = readSync(fd, buffer, length, want, null)
        length += n
        if (n < want) break
        if (length > MAX_FILE_BYTES) return { ok: false, problem: tooLarge(rel, fstatSync(fd).size) }
        const bigger = Buffer.allocUnsafe(buffer.length * 2)
        buffer.copy(bigger, 0, 0, length)
        buffer = bigger
      }
      text = buffer.toString('utf8', 0, length)
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { ok: false, missing: code === 'ENOENT', problem: code === 'ENOENT' ? fileProblem('missing', rel, []) : fileProblem('unreadable', rel, [readError(code)]) }
  }
  return parseChecked(text, rel, kind)
}

function misplaced(rel: string): string {
  const hint: Record<string, string> = {
    entries: 'entries live at entries/<collection-slug>/<uuid>.json',
    versions: 'versions live at versions/<collection-slug>/<entry-uuid>/<n>.json',
    collections: 'collections live at collections/<slug>.yaml',
    assets: 'assets live at assets/<uuid>.yaml and assets/<uuid>/<filename>',
    webhooks: 'webhooks live at webhooks/<uuid>.yaml',
  }
  return `file in the wrong place: ${hint[rel.split('/')[0] ?? ''] ?? 'the content root holds project.yaml, tokens.yaml, collections/, entries/, versions/, assets/ and webhooks/'}`
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

function facts(c: Collection, entry: EntryRecord, rel: string): EntryFacts {
  const unique: Array<[string, string]> = []
  for (const f of c.fields) {
    if (!f.validations.unique?.status) continue
    const v = entry.fields[f.name]
    if (v !== undefined && v !== null && v !== '') unique.push([f.name, JSON.stringify(v)])
  }
  const refs: RefFact[] = []
  const seen = new Set<string>()
  for (const [side, values] of [['fields', entry.fields], ['published', entry.published ?? {}]] as const) {
    for (const ref of references(c.fields, values, side)) {
      const key = `${ref.path}\u0000${String(ref.uuid)}`
      if (seen.has(key)) continue
      seen.add(key)
      refs.push(ref)
    }
  }
  return {
    slug: c.slug, rel, uuid: entry.uuid, locale: entry.locale, translation_group: entry.translation_group,
    published_version: entry.published ? entry.published_version : null, published_file: true, deleted: entry.deleted_at !== null, unique, refs,
  }
}

/** Every relation/media reference in an entry's values, group children included. */
function references(fields: Field[], values: Record<string, unknown>, side: RefFact['side'], top?: string, prefix = ''): RefFact[] {
  const out: RefFact[] = []
  for (const f of fields) {
    const v = values[f.name]
    if (v === undefined || v === null) continue
    const path = `${prefix}${f.name}`
    if (f.type === 'relation' || f.type === 'media') {
      const target = f.type === 'relation' && f.options.relation?.collection ? String(f.options.relation.collection) : null
      for (const uuid of Array.isArray(v) ? v : [v]) out.push({ side, kind: f.type, top: top ?? f.name, path, uuid, target })
    } else if (f.type === 'group' && f.children) {
      const items = Array.isArray(v) ? v : [v]
      items.forEach((item, i) => { if (isObject(item)) out.push(...references(f.children!, item, side, top ?? f.name, `${path}${Array.isArray(v) ? `.${i}` : ''}.`)) })
    }
  }
  return out
}

/** Line of a field inside the `fields` or `published` object of an entry file. */
export function fieldLine(text: string, side: 'fields' | 'published', name: string): number {
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
