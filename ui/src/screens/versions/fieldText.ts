/**
 * Turns an entry's field values (as the API reads them: relations expanded, media as asset
 * objects, groups as objects) into short readable text, so a diff or a side-by-side view
 * shows what a person typed rather than raw JSON.
 */

import type { Field } from '../../types.ts'

export type SchemaField = Field

/** A readable line, or several (repeatables, multiple relations, group children). */
export type Readable = { kind: 'empty' } | { kind: 'text'; text: string; long?: boolean } | { kind: 'lines'; lines: string[] }

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

/** The text a person would recognise a related entry by: its first text-like field. */
export function entryTitle(entry: unknown): string {
  if (!entry || typeof entry !== 'object') return String(entry ?? '')
  const e = entry as { uuid?: string; fields?: Record<string, unknown> }
  const fields = e.fields ?? {}
  for (const key of ['title', 'name', 'label', 'heading', 'slug']) {
    if (typeof fields[key] === 'string' && fields[key]) return fields[key] as string
  }
  for (const value of Object.values(fields)) if (typeof value === 'string' && value && value.length < 120) return value
  return e.uuid ? `Entry ${e.uuid.slice(0, 8)}` : 'Entry'
}

function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, '$&\n').replace(/<br\s*\/?>/gi, '\n'), 'text/html')
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim()
}

/**
 * Names of the entries and files a value refers to, by uuid. Draft reads expand references into
 * objects while version snapshots may hold bare uuids; the names found anywhere label both.
 */
export type Names = ReadonlyMap<string, string>

export function collectNames(...sources: unknown[]): Map<string, string> {
  const names = new Map<string, string>()
  const walk = (v: unknown, depth: number): void => {
    if (!v || typeof v !== 'object' || depth > 6) return
    if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return }
    const o = v as Record<string, unknown>
    if (typeof o.uuid === 'string') {
      if (typeof o.filename === 'string') names.set(o.uuid, o.filename)
      else if (o.fields && typeof o.fields === 'object') names.set(o.uuid, entryTitle(o))
    }
    for (const x of Object.values(o)) walk(x, depth + 1)
  }
  for (const s of sources) walk(s, 0)
  return names
}

const NO_NAMES: Names = new Map()

function scalar(field: SchemaField, value: unknown, names: Names): string {
  if (isEmpty(value)) return ''
  if ((field.type === 'relation' || field.type === 'media') && typeof value === 'string') {
    return names.get(value) ?? `${field.type === 'media' ? 'File' : 'Entry'} ${value.slice(0, 8)}`
  }
  switch (field.type) {
    case 'boolean': return value === true || value === 1 || value === 'true' ? 'Yes' : 'No'
    case 'richtext': return typeof value === 'string' ? htmlToText(value) : JSON.stringify(value)
    case 'relation': return entryTitle(value)
    case 'media': {
      const a = value as { filename?: string; uuid?: string }
      return typeof value === 'object' ? a.filename ?? a.uuid ?? 'asset' : String(value)
    }
    case 'date':
      if (typeof value === 'object' && value && 'start' in value) {
        const r = value as { start?: string; end?: string }
        return `${r.start ?? '…'} – ${r.end ?? '…'}`
      }
      return String(value)
    case 'json': return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
    case 'password': return '••••••'
    default:
      if (Array.isArray(value)) return value.map((v) => String(v)).join(', ')
      if (typeof value === 'object') return JSON.stringify(value)
      return String(value)
  }
}

function groupLines(field: SchemaField, value: unknown, names: Names): string[] {
  const children = field.children ?? []
  const one = (obj: Record<string, unknown>): string[] => children.flatMap((c) => {
    const r = readable(c, obj?.[c.name], names)
    if (r.kind === 'empty') return []
    const text = r.kind === 'text' ? r.text : r.lines.join('; ')
    return [`${c.label}: ${text}`]
  })
  if (Array.isArray(value)) return value.flatMap((item, i) => [`#${i + 1}`, ...one(item as Record<string, unknown>).map((l) => `  ${l}`)])
  return one((value ?? {}) as Record<string, unknown>)
}

export function readable(field: SchemaField, value: unknown, names: Names = NO_NAMES): Readable {
  if (isEmpty(value)) return { kind: 'empty' }
  if (field.type === 'group') {
    const lines = groupLines(field, value, names)
    return lines.length ? { kind: 'lines', lines } : { kind: 'empty' }
  }
  const multiple = Array.isArray(value) && (field.type === 'relation' || field.type === 'media' || field.options?.repeatable)
  if (multiple) return { kind: 'lines', lines: (value as unknown[]).map((v) => scalar(field, v, names)) }
  const text = scalar(field, value, names)
  if (!text) return { kind: 'empty' }
  return { kind: 'text', text, long: field.type === 'longtext' || field.type === 'richtext' || field.type === 'json' || text.length > 80 }
}

/** Plain text of a readable value, for comparing and for word diffs. */
export function readableText(r: Readable): string {
  if (r.kind === 'empty') return ''
  return r.kind === 'text' ? r.text : r.lines.join('\n')
}

/** A value with references reduced to their uuids, so an expanded and a bare reference compare equal. */
function canonical(field: SchemaField, value: unknown): unknown {
  if (isEmpty(value)) return null
  const ref = (v: unknown) => (v && typeof v === 'object' && 'uuid' in v ? (v as { uuid: string }).uuid : v)
  if (field.type === 'relation' || field.type === 'media') return Array.isArray(value) ? value.map(ref) : ref(value)
  if (field.type === 'group') {
    const one = (o: unknown) => Object.fromEntries((field.children ?? []).map((c) => [c.name, canonical(c, (o as Record<string, unknown> | null)?.[c.name])]))
    return Array.isArray(value) ? value.map(one) : one(value)
  }
  return value
}

/** Every field of the schema (passwords aside), with both sides made readable and whether they differ. */
export function compareFields(fields: SchemaField[], left: Record<string, unknown>, right: Record<string, unknown>, names: Names = collectNames(left, right)) {
  return fields.filter((f) => f.type !== 'password').map((field) => {
    const before = readable(field, left?.[field.name], names)
    const after = readable(field, right?.[field.name], names)
    const changed = JSON.stringify(canonical(field, left?.[field.name])) !== JSON.stringify(canonical(field, right?.[field.name]))
    return { field, before, after, changed }
  })
}
