import qs from 'qs'
import { badRequest } from '../core/errors.ts'

/**
 * Query-string parsing for `GET /{collection}` and `GET /{collection}/{uuid}`: `qs` with its
 * prototype guards and depth/parameter/array limits, a check of the raw keys (qs drops
 * `__proto__`, `constructor` and other prototype names silently; we answer 400 instead),
 * then the schema-independent parameters turned into a typed `ListQuery`.
 * Pure: no IO, no HTTP types.
 */

export type ReadState = 'published' | 'draft' | 'only_draft'
export type SortDirection = 'asc' | 'desc'

/** A parsed `where` tree as qs produced it: strings, arrays and plain objects. */
export type RawWhere = Record<string, unknown> | unknown[]

export interface SortKey {
  field: string
  direction: SortDirection
}

export interface ListQuery {
  state: ReadState
  locale: string | null
  where: RawWhere | null
  sort: SortKey[]
  paginate: number | null
  page: number
  limit: number | null
  offset: number
  first: boolean
  count: boolean
  timestamps: boolean
  exclude: string[]
  translationLocale: string | null
  /** `search=<words>`: full-text search (docs/search.md); ranked by relevance when no sort is given. */
  search: string | null
  /** `fallback=true`: each translation group answered in the first locale of `locale`'s chain that has it. */
  fallback: boolean
}

export const QS_LIMITS = { depth: 5, parameterLimit: 100, arrayLimit: 50 } as const

const QS_OPTIONS: qs.IParseOptions = {
  depth: QS_LIMITS.depth,
  parameterLimit: QS_LIMITS.parameterLimit,
  arrayLimit: QS_LIMITS.arrayLimit,
  strictDepth: true,
  throwOnLimitExceeded: true,
  allowPrototypes: false,
  allowDots: false,
  duplicates: 'combine',
  charset: 'utf-8',
}

/** Names qs would drop (they collide with Object.prototype): refused so a filter is never silently lost. */
const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])

/** Parses a raw query string (no leading `?`) into nested values, 400 on anything the limits refuse. */
export function parseQueryString(raw: string): Record<string, unknown> {
  if (raw.length > 8192) throw badRequest('The query string is too long (at most 8192 characters).')
  checkRawKeys(raw)
  try {
    return qs.parse(raw, QS_OPTIONS) as Record<string, unknown>
  } catch (error) {
    throw badRequest(`Invalid query string: ${limitMessage(error)}`)
  }
}

function limitMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : ''
  if (/depth/i.test(message)) return `parameters are nested more than ${QS_LIMITS.depth} levels deep.`
  if (/parameter limit/i.test(message)) return `more than ${QS_LIMITS.parameterLimit} parameters.`
  if (/array limit/i.test(message)) return `an array parameter has more than ${QS_LIMITS.arrayLimit} elements.`
  return 'it cannot be decoded.'
}

const WELL_FORMED_KEY = /^[^[\]]+(?:\[[^[\]]*\])*$/

/** Every bracket segment of every key, decoded, checked against the prototype names. */
function checkRawKeys(raw: string): void {
  if (raw === '') return
  for (const part of raw.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    let key = eq === -1 ? part : part.slice(0, eq)
    if (key.includes('%') || key.includes('+')) {
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '))
      } catch {
        throw badRequest('Invalid query string: a parameter name is not valid percent-encoding.')
      }
    }
    // `name`, then `[segment]` groups and nothing else: qs would keep `where[title` as a plain
    // name and the filter would be dropped without a word.
    if (!WELL_FORMED_KEY.test(key)) {
      throw badRequest(`The query parameter "${key}" cannot be parsed: brackets must pair up after a name, as in where[field]=value or where[field][operator]=value.`)
    }
    const open = key.indexOf('[')
    const segments = [open === -1 ? key : key.slice(0, open)]
    if (open !== -1) for (const m of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(m[1]!)
    for (const segment of segments) {
      if (FORBIDDEN_KEYS.has(segment)) throw badRequest(`Parameter "${key}" is not allowed: "${segment}" cannot be used as a name.`)
    }
  }
}

/** The typed query: every parameter checked for shape; field names are checked later against the schema. */
export function parseListQuery(raw: string): ListQuery {
  const p = parseQueryString(raw)
  const query: ListQuery = {
    state: parseState(p.state),
    locale: optionalString(p.locale, 'locale'),
    where: parseWhereShape(p.where),
    sort: parseSort(p.sort),
    paginate: null,
    page: 1,
    limit: null,
    offset: 0,
    first: flag(p.first, 'first'),
    count: flag(p.count, 'count'),
    timestamps: flag(p.timestamps, 'timestamps'),
    exclude: parseExclude(p.exclude),
    translationLocale: optionalString(p.translation_locale, 'translation_locale'),
    search: parseSearch(p.search),
    fallback: flag(p.fallback, 'fallback'),
  }
  if (p.paginate !== undefined) query.paginate = integer(p.paginate, 'paginate', 1)
  if (p.page !== undefined) query.page = integer(p.page, 'page', 1)
  if (p.limit !== undefined) query.limit = integer(p.limit, 'limit', 0)
  if (p.offset !== undefined) query.offset = integer(p.offset, 'offset', 0)
  return query
}

function single(value: unknown, name: string): string {
  if (typeof value !== 'string') throw badRequest(`The ${name} parameter must be given once, as a plain value.`)
  return value
}

function optionalString(value: unknown, name: string): string | null {
  if (value === undefined) return null
  const s = single(value, name).trim()
  return s === '' ? null : s
}

/** Longest `search` accepted, in characters (a query is a few words; a page of text is not one). */
export const SEARCH_MAX = 200

function parseSearch(value: unknown): string | null {
  const s = optionalString(value, 'search')
  if (s !== null && s.length > SEARCH_MAX) throw badRequest(`The search parameter must be at most ${SEARCH_MAX} characters (got ${s.length}).`)
  return s
}

function parseState(value: unknown): ReadState {
  if (value === undefined) return 'published'
  const s = single(value, 'state').trim().toLowerCase()
  if (s === '' || s === 'published') return 'published'
  if (s === 'draft' || s === 'with_draft') return 'draft'
  if (s === 'only_draft') return 'only_draft'
  throw badRequest(`The state parameter must be one of published, draft, with_draft, only_draft (got "${s}").`)
}

/** `first`, `count`, `timestamps`: on when present (empty, 1, true), off for 0/false. */
function flag(value: unknown, name: string): boolean {
  if (value === undefined) return false
  const s = single(value, name).trim().toLowerCase()
  if (s === '' || s === '1' || s === 'true') return true
  if (s === '0' || s === 'false') return false
  throw badRequest(`The ${name} parameter must be empty, 1, true, 0 or false (got "${s}").`)
}

const MAX_INT = 1_000_000_000

function integer(value: unknown, name: string, min: number): number {
  const s = single(value, name).trim()
  if (!/^-?\d+$/.test(s)) throw badRequest(`The ${name} parameter must be an integer (got "${s}").`)
  const n = Number(s)
  if (n < min) throw badRequest(`The ${name} parameter must be at least ${min} (got ${s}).`)
  if (n > MAX_INT) throw badRequest(`The ${name} parameter must be at most ${MAX_INT} (got ${s}).`)
  return n
}

const SORT_KEY = /^([^:\s]+)(?::([A-Za-z]*))?$/

function parseSort(value: unknown): SortKey[] {
  if (value === undefined) return []
  const s = single(value, 'sort').trim()
  if (s === '') return []
  const keys: SortKey[] = []
  for (const part of s.split(',')) {
    const m = SORT_KEY.exec(part.trim())
    if (!m) throw badRequest(`The sort parameter is malformed at "${part}": use field:asc or field:desc, comma-separated.`)
    const dir = (m[2] ?? '').toLowerCase()
    if (dir !== '' && dir !== 'asc' && dir !== 'desc') throw badRequest(`The sort direction "${m[2]}" for ${m[1]} must be asc or desc.`)
    if (keys.length >= 8) throw badRequest('The sort parameter names more than 8 keys.')
    keys.push({ field: m[1]!, direction: dir === 'desc' ? 'desc' : 'asc' })
  }
  return keys
}

function parseExclude(value: unknown): string[] {
  if (value === undefined) return []
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [value]
  const names: string[] = []
  for (const item of items) {
    if (typeof item !== 'string') throw badRequest('The exclude parameter must be a comma-separated list of field names or exclude[]=name.')
    for (const name of item.split(',')) if (name.trim() !== '') names.push(name.trim())
  }
  return names
}

function parseWhereShape(value: unknown): RawWhere | null {
  if (value === undefined) return null
  if (typeof value === 'string') {
    throw badRequest('The where parameter must name a field: where[field]=value or where[field][operator]=value.')
  }
  if (Array.isArray(value) || isObject(value)) return value as RawWhere
  throw badRequest('The where parameter is malformed.')
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
