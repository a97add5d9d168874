import type { Collection, Field } from '../core/types.ts'
import { isMultiRef, isRepeatableScalar } from '../schema/json-schema.ts'
import { docText } from './escape.ts'

/**
 * TypeScript declarations for a project's collections, as the read API answers them
 * (service/entries/view.ts): every visible field is present, `null` when empty; hidden and
 * password fields never appear; enumerations are arrays; relations are the related entries
 * (one level deep; below that `{uuid}` stubs); media are asset objects.
 *
 * Pure: collections in, one ES module's text out. Stable: collections and fields in a fixed
 * order, no timestamps, so the file diffs well and `cms types --check` can compare bytes.
 */
export function generateTypes(collections: readonly Collection[]): string {
  const sorted = [...collections].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
  const names = typeNames(sorted)
  const out: string[] = [HEADER, PRELUDE]
  for (const c of sorted) {
    const name = names.get(c.slug)!
    const target = (field: Field): string | null => {
      const slug = field.options.relation?.collection
      const hit = sorted.find((t) => t.slug === slug || t.uuid === slug)
      return hit ? names.get(hit.slug)! : null
    }
    out.push(`/** Fields of \`${c.slug}\` (${docText(c.name)})${c.is_singleton ? ', a singleton' : ''}, as the API answers them. */`)
    out.push(`export interface ${name}Fields ${objectType(c.fields, 0, { target, shallow: false })}\n`)
    out.push(`/** Fields of \`${c.slug}\` inside another entry's relation: its own relations are \`{ uuid }\` stubs. */`)
    out.push(`export interface ${name}RelatedFields ${objectType(c.fields, 0, { target, shallow: true })}\n`)
    out.push(`/** One \`${c.slug}\` entry. */`)
    out.push(`export type ${name}Entry = Entry<${name}Fields>\n`)
  }
  out.push('/** Every collection by slug: `Collections[\'blog-posts\']` is that collection\'s entry type. */')
  out.push(`export interface Collections {${sorted.map((c) => `\n  ${key(c.slug)}: ${names.get(c.slug)}Entry`).join('')}${sorted.length ? '\n' : ''}}\n`)
  out.push('/** Fields interface of each collection by slug (what `Where<...>` takes). */')
  out.push(`export interface CollectionFields {${sorted.map((c) => `\n  ${key(c.slug)}: ${names.get(c.slug)}Fields`).join('')}${sorted.length ? '\n' : ''}}\n`)
  out.push('/** The `where` filter of each collection by slug (what the typed client takes as its second type parameter). */')
  out.push(`export interface CollectionWhere {${sorted.map((c) => `\n  ${key(c.slug)}: Where<${names.get(c.slug)}Fields>`).join('')}${sorted.length ? '\n' : ''}}\n`)
  out.push('/** Slugs of singleton collections (their list read answers one object). */')
  const singles = sorted.filter((c) => c.is_singleton).map((c) => JSON.stringify(c.slug))
  out.push(`export type SingletonSlug = ${singles.length ? singles.join(' | ') : 'never'}\n`)
  return `${out.join('\n').trimEnd()}\n`
}

interface Ctx {
  target: (field: Field) => string | null
  /** Inside a related entry: relations are stubs. */
  shallow: boolean
}

function objectType(fields: readonly Field[], depth: number, ctx: Ctx): string {
  const pad = '  '.repeat(depth + 1)
  const lines: string[] = []
  for (const f of fields) {
    if (f.type === 'password' || f.options.hiddenInAPI) continue
    const doc = fieldDoc(f)
    if (doc) lines.push(`${pad}/** ${doc} */`)
    lines.push(`${pad}${key(f.name)}: ${valueType(f, depth, ctx)} | null`)
  }
  return lines.length ? `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}` : '{}'
}

function valueType(f: Field, depth: number, ctx: Ctx): string {
  if (f.type === 'group') {
    const one = objectType(f.children ?? [], depth + 1, ctx)
    return f.options.repeatable ? `Array<${one}>` : one
  }
  if (f.type === 'relation') {
    const target = ctx.target(f)
    const one = ctx.shallow || !target ? 'RelationStub' : `Related<${target}RelatedFields>`
    return isMultiRef(f) ? `Array<${one}>` : one
  }
  if (f.type === 'media') return isMultiRef(f) ? 'Asset[]' : 'Asset'
  if (f.type === 'enumeration') {
    // Only scalars become literal types (JSON text is a valid TypeScript literal); anything else
    // a hand-edited file put there widens the union rather than being written as code.
    const list = (f.options.enumeration?.list ?? []).map((v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
    const literal = (v: unknown) => (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) ? JSON.stringify(v) : 'string | number | boolean')
    const union = list.length ? [...new Set(list.map(literal))].join(' | ') : 'string | number | boolean'
    return `Array<${union}>`
  }
  const scalar = scalarType(f)
  return isRepeatableScalar(f) ? `Array<${scalar}>` : scalar
}

function scalarType(f: Field): string {
  switch (f.type) {
    case 'number': return 'number'
    case 'boolean': return 'boolean'
    case 'json': return 'unknown'
    case 'richtext': return 'string | Record<string, unknown>'
    case 'date': {
      const one = f.options.includeTime ? 'DateTimeString' : 'DateString'
      return f.options.mode === 'range' ? `{ start: ${one}; end: ${one} }` : one
    }
    case 'time': return 'TimeString'
    default: return 'string'
  }
}

function fieldDoc(f: Field): string {
  const parts: string[] = []
  if (f.label && f.label !== f.name) parts.push(docText(f.label))
  if (f.description) parts.push(docText(f.description).replace(/\s+/g, ' '))
  if (f.type === 'date') parts.push(f.options.includeTime ? 'Format: ISO 8601 date-time.' : 'Format: `YYYY-MM-DD`.')
  if (f.type === 'time') parts.push('Format: `HH:MM` or `HH:MM:SS`.')
  if (f.type === 'date' && f.options.mode === 'range') parts.push('A range: `{ start, end }`.')
  return parts.join(' — ')
}

const IDENT = /^[A-Za-z_$][\w$]*$/
const key = (name: string): string => (IDENT.test(name) ? name : JSON.stringify(name))

/** PascalCase type names per slug, unique, never clashing with the prelude's names. */
function typeNames(collections: readonly Collection[]): Map<string, string> {
  const taken = new Set(RESERVED)
  const names = new Map<string, string>()
  for (const c of collections) {
    let base = c.slug.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Collection'
    if (/^\d/.test(base)) base = `C${base}`
    const derived = (n: string) => [`${n}Fields`, `${n}RelatedFields`, `${n}Entry`]
    let name = base
    for (let i = 2; derived(name).some((d) => taken.has(d)); i++) name = `${base}${i}`
    for (const d of derived(name)) taken.add(d)
    names.set(c.slug, name)
  }
  return names
}

/** Names the prelude declares (exported or not). */
const RESERVED = ['Entry', 'Asset', 'Related', 'RelationStub', 'Where', 'Collections', 'CollectionFields', 'CollectionWhere', 'SingletonSlug', 'List', 'Paginated', 'Count', 'Single', 'ListParams',
  'DateString', 'DateTimeString', 'TimeString', 'Many', 'Flag', 'AllOps', 'TextOps', 'RangeOps', 'RefCond', 'Unwrap', 'TargetFields', 'CondOf', 'Cond', 'Filterable', 'CoreWhere']

const HEADER = `// Generated by \`cms types\` from the collection schemas. Do not edit: run \`cms types\` again.
/* eslint-disable */`

const PRELUDE = `/** A date as the API stores it: \`YYYY-MM-DD\`. */
export type DateString = string & { readonly __cmsKind?: 'date' }
/** A date-time as the API stores it: ISO 8601. */
export type DateTimeString = string & { readonly __cmsKind?: 'date' }
/** A time of day: \`HH:MM\` or \`HH:MM:SS\`. */
export type TimeString = string & { readonly __cmsKind?: 'time' }

/** An entry as every read answers it. \`created_at\`/\`updated_at\` only with \`timestamps\`. */
export interface Entry<F> {
  uuid: string
  locale: string
  /** First publication time; null while not published. */
  published_at: string | null
  created_at?: string
  updated_at?: string
  fields: F
}

/** A related entry one level deep, or a \`{ uuid }\` stub for a reference back to the entry being read. */
export type Related<F> = Entry<F> | RelationStub
export interface RelationStub { uuid: string }

/** An asset as media fields answer it. */
export interface Asset {
  uuid: string
  filename: string
  stored_filename: string
  extension: string
  mime_type: string
  size: string
  bytes: number
  sha256: string
  url: string
  original_url: string
  thumbnail_url: string | null
  pending_image_processing: boolean
  metadata: {
    alt_text: string | null
    title: string | null
    caption: string | null
    description: string | null
    author: string | null
    copyright: string | null
    width: number | null
    height: number | null
    /** Focal point, 0..1 from the left and the top: \`fit=cover\` crops keep it. */
    focal_x: number | null
    focal_y: number | null
    /** A tiny blurred image as a data URL, for layout before the image loads. */
    placeholder: string | null
  }
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/** \`GET /{collection}\` without \`paginate\`: the plain array. */
export type List<E> = E[]
/** \`GET /{collection}?paginate=N\`. */
export interface Paginated<E> {
  data: E[]
  links: { first: string; last: string; prev: string | null; next: string | null }
  meta: { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number; links?: unknown[] }
}
/** \`GET /{collection}?count=1\`. */
export interface Count { count: number }
/** \`GET /{collection}/{uuid}\`. */
export interface Single<E> { data: E }

type Many<T> = T[] | string
type Flag = true | 1 | '1' | 'true'
type AllOps<V> = { eq?: V; not?: V; in?: Many<V>; not_in?: Many<V>; null?: Flag; not_null?: Flag }
type TextOps = AllOps<string> & { like?: string; not_like?: string }
type RangeOps<V> = AllOps<V> & { gt?: V; gte?: V; lt?: V; lte?: V; between?: [V, V] | string; not_between?: [V, V] | string }
type RefCond = AllOps<string> | string | string[]
type Unwrap<T> = T extends Array<infer U> ? U : T
type TargetFields<U> = Extract<U, { fields: unknown }> extends Entry<infer R> ? R : never
type CondOf<U> =
  [U] extends [RelationStub] ? ([TargetFields<U>] extends [never] ? RefCond : RefCond | Where<TargetFields<U>>)
  : [U] extends [number] ? RangeOps<number> | number | number[]
  : [U] extends [boolean] ? AllOps<boolean> | boolean
  : '__cmsKind' extends keyof U ? RangeOps<string> | string | string[]
  : [U] extends [string] ? TextOps | string | string[]
  : never
type Cond<T> = CondOf<Unwrap<NonNullable<T>>>

/** Filterable fields: json, groups and assets cannot be filtered. */
type Filterable<F> = { [K in keyof F as [Cond<F[K]>] extends [never] ? never : K]?: Cond<F[K]> }
type CoreWhere = { uuid?: TextOps | string | string[]; locale?: TextOps | string | string[]; created_at?: RangeOps<string> | string; updated_at?: RangeOps<string> | string; published_at?: RangeOps<string> | string }

/**
 * A \`where\` filter for a collection's fields interface: only its field names, and per field
 * only the operators valid for its type (\`like\` on text; ranges on numbers, dates and times).
 */
export type Where<F> = Filterable<F> & CoreWhere & { or?: Array<Where<F>> }

/** Parameters of a list read. */
export interface ListParams<F = Record<string, unknown>> {
  locale?: string
  state?: 'published' | 'draft' | 'only_draft'
  where?: Where<F>
  /** \`field:asc\`, \`field:desc\`, comma-separated. */
  sort?: string
  paginate?: number
  page?: number
  limit?: number
  offset?: number
  first?: boolean
  count?: boolean
  timestamps?: boolean
  exclude?: string | string[]
  translation_locale?: string
}
`
