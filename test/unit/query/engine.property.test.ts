import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { EntryRecord } from '../../../src/core/types.ts'
import type { SchemaInfo } from '../../../src/query/compile-where.ts'
import { planList } from '../../../src/query/paginate.ts'
import { entry, f, run } from './helpers.ts'

/**
 * The engine (indexes, cached orders, compiled predicates) against an obviously-correct
 * reference: filter every entry with plain code, sort with one comparator, slice.
 */
const schema: SchemaInfo = {
  slug: 'things',
  fields: [f('title', 'text'), f('n', 'number'), f('b', 'boolean'), f('d', 'date'), f('tags', 'text', { repeatable: true })],
}
type FieldName = 'title' | 'n' | 'b' | 'd' | 'tags'
const KIND: Record<FieldName | 'locale', 'text' | 'number' | 'boolean' | 'date'> = { title: 'text', n: 'number', b: 'boolean', d: 'date', tags: 'text', locale: 'text' }
const WORDS = ['ab', 'Ab', 'b', 'ba', 'c']
const DAYS = ['2024-01-01', '2024-01-02', '2024-02-10']

const values = fc.record({
  title: fc.option(fc.constantFrom(...WORDS), { nil: undefined }),
  n: fc.option(fc.integer({ min: -3, max: 5 }), { nil: undefined }),
  b: fc.option(fc.boolean(), { nil: undefined }),
  d: fc.option(fc.constantFrom(...DAYS), { nil: undefined }),
  tags: fc.option(fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }), { nil: undefined }),
}, { requiredKeys: [] })

const entryArb = fc.record({
  live: values, snapshot: fc.option(values, { nil: null }), trashed: fc.boolean(), locale: fc.constantFrom('en', 'fr'),
  at: fc.integer({ min: 0, max: 6 }),
})

const ops = ['eq', 'not', 'lt', 'lte', 'gt', 'gte', 'like', 'not_like', 'in', 'not_in', 'null', 'not_null', 'between', 'not_between'] as const
type Op = (typeof ops)[number]
interface Cond { field: FieldName | 'locale'; op: Op; a: string; b: string }
const valueFor = (field: Cond['field']) => ({
  text: fc.constantFrom(...WORDS, 'a', 'b%', '%a_'), number: fc.integer({ min: -3, max: 5 }).map(String),
  boolean: fc.constantFrom('true', 'false', '1', '0'), date: fc.constantFrom(...DAYS),
})[KIND[field]]
const condArb: fc.Arbitrary<Cond> = fc.constantFrom<Cond['field']>('title', 'n', 'b', 'd', 'tags', 'locale').chain((field) =>
  fc.record({ field: fc.constant(field), op: fc.constantFrom(...ops), a: valueFor(field), b: valueFor(field) })
    .filter((c) => !(KIND[field] === 'boolean' && ['like', 'not_like'].includes(c.op))))

const queryArb = fc.record({
  state: fc.constantFrom('published', 'draft', 'only_draft'),
  locale: fc.option(fc.constantFrom('en', 'fr'), { nil: null }),
  and: fc.array(condArb, { maxLength: 3 }),
  or: fc.option(fc.array(condArb, { minLength: 1, maxLength: 3 }), { nil: null }),
  sort: fc.array(fc.record({ field: fc.constantFrom('title', 'n', 'b', 'd', 'tags', 'created_at', 'locale'), dir: fc.constantFrom('asc', 'desc') }), { maxLength: 2 }),
  paging: fc.oneof(
    fc.constant(''),
    fc.record({ per: fc.integer({ min: 1, max: 4 }), page: fc.integer({ min: 1, max: 5 }) }).map((p) => `&paginate=${p.per}&page=${p.page}`),
    fc.record({ limit: fc.integer({ min: 0, max: 5 }), offset: fc.integer({ min: 0, max: 5 }) }).map((p) => `&limit=${p.limit}&offset=${p.offset}`),
  ),
})

function condString(prefix: string, c: Cond): string {
  const value = c.op === 'between' || c.op === 'not_between' || c.op === 'in' || c.op === 'not_in' ? `${c.a},${c.b}` : c.a
  return `${prefix}[${c.field}][${c.op}]=${encodeURIComponent(value)}`
}

// ---- the reference ------------------------------------------------------------------

function refKeys(value: unknown, kind: string): Array<number | string> {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
  return list.map((v) => (kind === 'number' ? Number(v) : kind === 'boolean' ? (v ? 1 : 0) : kind === 'date' ? Date.parse(`${v}T00:00:00Z`) : String(v).toLowerCase()))
}
function refParse(text: string, kind: string): number | string {
  if (kind === 'number') return Number(text)
  if (kind === 'boolean') return text === 'true' || text === '1' ? 1 : 0
  if (kind === 'date') return Date.parse(`${text}T00:00:00Z`)
  return text.toLowerCase()
}
function refLike(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase()
  if (!p.includes('%')) return text.includes(p)
  const rx = new RegExp(`^${[...p].map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's')
  return rx.test(text)
}
function refTest(e: EntryRecord, vals: Record<string, unknown>, c: Cond): boolean {
  const kind = KIND[c.field]
  const raw = c.field === 'locale' ? e.locale : vals[c.field]
  const keys = refKeys(raw, kind)
  const a = refParse(c.a, kind)
  const b = refParse(c.b, kind)
  const texts = refKeys(raw, 'text') as string[]
  switch (c.op) {
    case 'eq': return keys.some((k) => k === a)
    case 'not': return !keys.some((k) => k === a)
    case 'lt': return keys.some((k) => k < a)
    case 'lte': return keys.some((k) => k <= a)
    case 'gt': return keys.some((k) => k > a)
    case 'gte': return keys.some((k) => k >= a)
    case 'like': return texts.some((t) => refLike(c.a, t))
    case 'not_like': return !texts.some((t) => refLike(c.a, t))
    case 'in': return keys.some((k) => k === a || k === b)
    case 'not_in': return !keys.some((k) => k === a || k === b)
    case 'null': return keys.length === 0
    case 'not_null': return keys.length > 0
    case 'between': return keys.some((k) => k >= a && k <= b)
    case 'not_between': return keys.length > 0 && !keys.some((k) => k >= a && k <= b)
  }
}

type Query = typeof queryArb extends fc.Arbitrary<infer T> ? T : never
function reference(entries: EntryRecord[], q: Query): EntryRecord[] {
  const state = q.state
  const visible = entries.filter((e) => !e.deleted_at && (state === 'published' ? e.published !== null : state === 'only_draft' ? e.published === null : true))
  const vals = (e: EntryRecord) => (state === 'published' ? e.published! : e.fields)
  const matched = visible.filter((e) =>
    (q.locale === null || e.locale === q.locale) &&
    q.and.every((c) => refTest(e, vals(e), c)) &&
    (q.or === null || q.or.some((c) => refTest(e, vals(e), c))))
  const defaultOrder = (x: EntryRecord, y: EntryRecord) => (y.created_at.localeCompare(x.created_at)) || (y.uuid < x.uuid ? -1 : y.uuid > x.uuid ? 1 : 0)
  const sortKey = (e: EntryRecord, field: string) => {
    if (field === 'created_at') return Date.parse(e.created_at)
    if (field === 'locale') return e.locale
    const k = refKeys(vals(e)[field], KIND[field as FieldName])
    return k.length ? k[0]! : null
  }
  return matched.sort((x, y) => {
    for (const { field, dir } of q.sort) {
      const a = sortKey(x, field)
      const b = sortKey(y, field)
      if (a === b) continue
      if (a === null) return 1
      if (b === null) return -1
      return (a < b ? -1 : 1) * (dir === 'desc' ? -1 : 1)
    }
    return defaultOrder(x, y)
  })
}

describe('engine vs reference', () => {
  test('random collections and queries give the same entries in the same order', () => {
    fc.assert(fc.property(fc.array(entryArb, { maxLength: 25 }), queryArb, (specs, q) => {
      const entries = specs.map((s, i) => entry(s.live, {
        uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, at: s.at, locale: s.locale, published: s.snapshot,
        ...(s.trashed ? { deleted_at: '2024-06-01T00:00:00Z' } : {}),
      }))
      let raw = `state=${q.state}${q.locale ? `&locale=${q.locale}` : ''}`
      q.and.forEach((c, i) => { raw += `&${condString(`where[${i}]`, c)}` })
      q.or?.forEach((c, i) => { raw += `&${condString(`where[or][${i}]`, c)}` })
      if (q.sort.length) raw += `&sort=${q.sort.map((s) => `${s.field}:${s.dir}`).join(',')}`
      raw += q.paging
      const got = run(entries, schema, raw)
      const expected = reference(entries, q).map((e) => e.uuid)
      expect(got.uuids).toEqual(expected)
      const plan = planList(got.query, expected.length)
      if (plan.kind === 'all' || plan.kind === 'page') {
        const page = got.uuids.slice(plan.start, plan.end)
        const refPage = q.paging.startsWith('&paginate')
          ? expected.slice((got.query.page - 1) * got.query.paginate!, got.query.page * got.query.paginate!)
          : q.paging.startsWith('&limit') ? expected.slice(got.query.offset, got.query.offset + got.query.limit!) : expected
        expect(page).toEqual(refPage)
      }
    }), { numRuns: 400 })
  })
})
