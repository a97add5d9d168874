import type { Collection, Field } from '../core/types.ts'
import { parseJson, parseYaml } from '../storage/codec.ts'
import { findRelationTarget } from '../schema/relation-target.ts'
import { listBlobs, readBlobs, type Repo } from './git.ts'

/**
 * A reviewer reads people's words, not ids: a changed field gets its label, and its values as
 * text (related entries by their title, media by file name, groups item by item, rich text
 * without tags). The raw `before`/`after` stay in the report for tools.
 */
export interface ReadableChange {
  field: string
  before?: unknown
  after?: unknown
  /** The field's label (a group child: "SEO › Meta title"). */
  label?: string
  before_text?: string
  after_text?: string
}

/** Names of the entries and files a report's values point at, by uuid. */
export type Names = Map<string, string>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const ids = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && UUID.test(x))

/** Where to look for each referenced uuid: `entries/<target>/<uuid>.json` or `assets/<uuid>.yaml`. */
export function referencePaths(fields: Field[], values: Array<Record<string, unknown> | undefined>, collections: Iterable<Collection>, out: Set<string>): void {
  const list = [...collections]
  const walk = (fs: Field[], v: Record<string, unknown> | undefined) => {
    if (!v || typeof v !== 'object') return
    for (const f of fs) {
      const value = v[f.name]
      if (f.type === 'relation') {
        const target = findRelationTarget(f.options?.relation?.collection, list)
        if (target) for (const id of ids(value)) out.add(`entries/${target.slug}/${id}.json`)
      } else if (f.type === 'media') {
        for (const id of ids(value)) out.add(`assets/${id}.yaml`)
      } else if (f.type === 'group' && f.children) {
        for (const item of Array.isArray(value) ? value : [value]) walk(f.children, item as Record<string, unknown>)
      }
    }
  }
  for (const v of values) walk(fields, v)
}

/** Reads the referenced files at both commits (the newer name wins) into uuid → title / file name. */
export async function resolveNames(repo: Repo, commits: string[], paths: Set<string>, collections: Map<string, Collection>, titleOf: (fields: Record<string, unknown>, c: Collection) => string | null): Promise<Names> {
  const names: Names = new Map()
  if (paths.size === 0) return names
  const wanted = [...paths]
  for (const commit of commits) {
    const blobs = await listBlobs(repo, commit, wanted)
    const texts = await readBlobs(repo, blobs.values())
    for (const [path, id] of blobs) {
      const text = texts.get(id)
      if (!text) continue
      const entry = /^entries\/([^/]+)\/([^/]+)\.json$/.exec(path)
      try {
        if (entry) {
          const c = collections.get(entry[1]!)
          const raw = parseJson(text) as { fields?: Record<string, unknown>; published?: Record<string, unknown> | null }
          const title = c && raw.fields ? titleOf(raw.published ?? raw.fields, c) : null
          if (title && !names.has(entry[2]!)) names.set(entry[2]!, title)
        } else {
          const raw = parseYaml(text) as { uuid?: string; original_filename?: string; filename?: string }
          const name = raw.original_filename || raw.filename
          const uuid = /^assets\/([^/]+)\.yaml$/.exec(path)?.[1]
          if (uuid && name && !names.has(uuid)) names.set(uuid, String(name))
        }
      } catch { /* an unreadable file keeps its reference unnamed */ }
    }
  }
  return names
}

function stripTags(html: string): string {
  return html.replace(/<\/(p|h[1-6]|li|blockquote|div)>/gi, ' ').replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim()
}

/** One value as a person reads it; '' when empty. Never a uuid. */
export function valueText(f: Field | undefined, v: unknown, names: Names): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return ''
  if (!f) return typeof v === 'string' ? v : JSON.stringify(v)
  if (f.type === 'relation') return ids(v).map((id) => names.get(id) ?? 'an entry that no longer exists').join(', ')
  if (f.type === 'media') return ids(v).map((id) => names.get(id) ?? 'a file that no longer exists').join(', ')
  if (f.type === 'richtext' && typeof v === 'string') return stripTags(v)
  if (f.type === 'boolean') return v === true ? 'Yes' : v === false ? 'No' : String(v)
  if (f.type === 'group' && f.children) {
    const item = (x: unknown) => {
      const o = (x && typeof x === 'object' ? x : {}) as Record<string, unknown>
      return f.children!.map((c) => [c.label, valueText(c, o[c.name], names)] as const).filter(([, t]) => t).map(([l, t]) => `${l}: ${t}`).join('; ')
    }
    if (Array.isArray(v)) return v.map((x, i) => `${i + 1}. ${item(x) || '(empty)'}`).join(' | ')
    return item(v)
  }
  if (f.type === 'date' && v && typeof v === 'object' && 'start' in v) return `${String((v as { start: unknown }).start)} – ${String((v as { end?: unknown }).end ?? '')}`
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/**
 * Labels and texts for an entry's changed fields; a single (not repeatable) group is split into
 * the children that changed, so "SEO › Meta title" reads as its own line.
 */
export function readableChanges<T extends ReadableChange>(changes: T[], c: Collection, names: Names): T[] {
  const byName = new Map(c.fields.map((f) => [f.name, f]))
  const out: T[] = []
  for (const change of changes) {
    const f = byName.get(change.field)
    if (f?.type === 'group' && f.children && !f.options?.repeatable && !Array.isArray(change.before) && !Array.isArray(change.after)) {
      const b = (change.before ?? {}) as Record<string, unknown>
      const a = (change.after ?? {}) as Record<string, unknown>
      for (const child of f.children) {
        if (JSON.stringify(b[child.name]) === JSON.stringify(a[child.name])) continue
        const part = { field: `${f.name}.${child.name}` } as T
        if (b[child.name] !== undefined) part.before = b[child.name]
        if (a[child.name] !== undefined) part.after = a[child.name]
        part.label = `${f.label} › ${child.label}`
        part.before_text = valueText(child, b[child.name], names)
        part.after_text = valueText(child, a[child.name], names)
        out.push(part)
      }
      continue
    }
    out.push({ ...change, label: f?.label ?? change.field, before_text: valueText(f, change.before, names), after_text: valueText(f, change.after, names) })
  }
  return out
}
