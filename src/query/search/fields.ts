import type { Collection, EntryRecord, Field, FieldValues } from '../../core/types.ts'
import { plainOfHtml } from './text.ts'

/**
 * What of an entry the search index reads: the text-like fields of its collection (text,
 * longtext, richtext without its markup, slug, repeatable text, and those inside groups), each
 * with a weight. A field's schema may leave it out (`options.search: false`) or weigh it
 * (`options.search_weight: <number>`); otherwise the collection's first text field (its
 * title) weighs 3, other text fields 2, the rest 1. Pure.
 */
export interface SearchField {
  /** Names from the top level down (a group's children below their group). */
  path: string[]
  type: Field['type']
  weight: number
}

const TEXT_LIKE = new Set(['text', 'longtext', 'richtext', 'slug', 'markdown'])

const FIELDS = new WeakMap<Collection, SearchField[]>()

export function searchFieldsOf(collection: Collection): SearchField[] {
  let fields = FIELDS.get(collection)
  if (!fields) {
    fields = []
    const title = titleFieldOf(collection)
    const visit = (list: Field[], path: string[]) => {
      for (const f of list) {
        if (f.options.search === false) continue
        if (f.type === 'group' && f.children) { visit(f.children, [...path, f.name]); continue }
        if (!TEXT_LIKE.has(f.type)) continue
        const given = Number(f.options.search_weight)
        const weight = Number.isFinite(given) && given > 0 ? Math.min(given, 10) : f === title ? 3 : f.type === 'text' ? 2 : 1
        fields!.push({ path: [...path, f.name], type: f.type, weight })
      }
    }
    visit(collection.fields, [])
    FIELDS.set(collection, fields)
  }
  return fields
}

/** The field that names an entry (its title): the first top-level text field, else the first slug. */
export function titleFieldOf(collection: Collection): Field | null {
  return collection.fields.find((f) => f.type === 'text') ?? collection.fields.find((f) => f.type === 'slug') ?? null
}

/** An entry's title as plain text in a state's values ('' when it has none). */
export function titleOf(collection: Collection, values: FieldValues | null): string {
  const field = titleFieldOf(collection)
  const value = field && values ? values[field.name] : undefined
  return typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : ''
}

/** The texts of an entry's values with their weights (richtext as plain text). */
export function textsOf(fields: readonly SearchField[], values: FieldValues | null): Array<[weight: number, text: string]> {
  const out: Array<[number, string]> = []
  if (!values) return out
  for (const field of fields) collect(valuesAt(values, field.path), field, out)
  return out
}

function valuesAt(values: FieldValues, path: string[]): unknown[] {
  let level: unknown[] = [values]
  for (const name of path) {
    const next: unknown[] = []
    for (const v of level) {
      if (Array.isArray(v)) { for (const item of v) if (item && typeof item === 'object') next.push((item as Record<string, unknown>)[name]) }
      else if (v && typeof v === 'object') next.push((v as Record<string, unknown>)[name])
    }
    level = next
  }
  return level
}

function collect(value: unknown, field: SearchField, out: Array<[number, string]>): void {
  if (typeof value === 'string') {
    if (value !== '') out.push([field.weight, field.type === 'richtext' ? plainOfHtml(value) : field.type === 'slug' ? value.replace(/[-_]+/g, ' ') : value])
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, field, out)
  } else if (value && typeof value === 'object' && field.type === 'richtext') {
    // A rich text stored as a document tree (ProseMirror JSON): its text nodes.
    const texts: string[] = []
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return
      const n = node as { text?: unknown; content?: unknown }
      if (typeof n.text === 'string') texts.push(n.text)
      if (Array.isArray(n.content)) for (const c of n.content) walk(c)
    }
    walk(value)
    if (texts.length > 0) out.push([field.weight, texts.join(' ')])
  }
}

/** The values of an entry a read state sees (the published snapshot, or the draft). */
export const valuesOfState = (entry: EntryRecord, published: boolean): FieldValues | null => (published ? entry.published : entry.fields)
