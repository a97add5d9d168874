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

export function htmlToText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, '$&\n').replace(/<br\s*\/?>/gi, '\n'), 'text/html')
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim()
}

function scalar(field: SchemaField, value: unknown): string {
  if (isEmpty(value)) return ''
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

function groupLines(field: SchemaField, value: unknown): string[] {
  const children = field.children ?? []
  const one = (obj: Record<string, unknown>): string[] => children.flatMap((c) => {
    const r = readable(c, obj?.[c.name])
    if (r.kind === 'empty') return []
    const text = r.kind === 'text' ? r.text : r.lines.join('; ')
    return [`${c.label}: ${text}`]
  })
  if (Array.isArray(value)) return value.flatMap((item, i) => [`#${i + 1}`, ...one(item as Record<string, unknown>).map((l) => `  ${l}`)])
  return one((value ?? {}) as Record<string, unknown>)
}

export function readable(field: SchemaField, value: unknown): Readable {
  if (isEmpty(value)) return { kind: 'empty' }
  if (field.type === 'group') {
    const lines = groupLines(field, value)
    return lines.length ? { kind: 'lines', lines } : { kind: 'empty' }
  }
  const multiple = Array.isArray(value) && (field.type === 'relation' || field.type === 'media' || field.options?.repeatable)
  if (multiple) return { kind: 'lines', lines: (value as unknown[]).map((v) => scalar(field, v)) }
  const text = scalar(field, value)
  if (!text) return { kind: 'empty' }
  return { kind: 'text', text, long: field.type === 'longtext' || field.type === 'richtext' || field.type === 'json' || text.length > 80 }
}

/** Plain text of a readable value, for comparing and for word diffs. */
export function readableText(r: Readable): string {
  if (r.kind === 'empty') return ''
  return r.kind === 'text' ? r.text : r.lines.join('\n')
}

/** Every field with a value in either side, in schema order; unknown stored keys last. */
export function compareFields(fields: SchemaField[], left: Record<string, unknown>, right: Record<string, unknown>) {
  return fields.filter((f) => f.type !== 'password').map((field) => {
    const before = readable(field, left?.[field.name])
    const after = readable(field, right?.[field.name])
    const a = readableText(before)
    const b = readableText(after)
    return { field, before, after, changed: a !== b }
  })
}
