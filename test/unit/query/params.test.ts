import { describe, expect, test } from 'vitest'
import { parseListQuery, parseQueryString } from '../../../src/query/params.ts'
import { planList, pageEnvelope } from '../../../src/query/paginate.ts'
import { likeMatcher } from '../../../src/query/like.ts'

const bad = (raw: string) => {
  try {
    parseListQuery(raw)
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message }
  }
  return null
}

describe('parseListQuery', () => {
  test('defaults', () => {
    expect(parseListQuery('')).toEqual({
      state: 'published', locale: null, where: null, sort: [], paginate: null, page: 1, limit: null, offset: 0,
      first: false, count: false, timestamps: false, exclude: [], translationLocale: null, search: null, fallback: false,
    })
  })

  test.each([
    ['first', 'first'], ['first=1', 'first'], ['first=true', 'first'], ['count', 'count'], ['timestamps=TRUE', 'timestamps'],
  ] as const)('flag %s switches on', (raw, key) => {
    expect(parseListQuery(raw)[key]).toBe(true)
  })

  test.each(['first=0', 'count=false', 'timestamps=0'])('flag %s stays off', (raw) => {
    const q = parseListQuery(raw)
    expect(q.first || q.count || q.timestamps).toBe(false)
  })

  test('states and aliases', () => {
    expect(parseListQuery('state=draft').state).toBe('draft')
    expect(parseListQuery('state=with_draft').state).toBe('draft')
    expect(parseListQuery('state=only_draft').state).toBe('only_draft')
    expect(parseListQuery('state=PUBLISHED').state).toBe('published')
  })

  test('sort keys, directions case-insensitive, default asc', () => {
    expect(parseListQuery('sort=views:DESC,title,created_at:asc').sort).toEqual([
      { field: 'views', direction: 'desc' }, { field: 'title', direction: 'asc' }, { field: 'created_at', direction: 'asc' },
    ])
  })

  test('exclude as comma list and as exclude[]', () => {
    expect(parseListQuery('exclude=a,b').exclude).toEqual(['a', 'b'])
    expect(parseListQuery('exclude[]=a&exclude[]=b,c').exclude).toEqual(['a', 'b', 'c'])
  })

  test('pagination numbers', () => {
    expect(parseListQuery('paginate=20&page=3&limit=5&offset=2')).toMatchObject({ paginate: 20, page: 3, limit: 5, offset: 2 })
    expect(parseListQuery('limit=0').limit).toBe(0)
  })

  test('nested where from brackets', () => {
    expect(parseListQuery('where[title][like]=%25x%25&where[or][0][a]=1&where[or][1][b]=2').where).toEqual({
      title: { like: '%x%' }, or: [{ a: '1' }, { b: '2' }],
    })
  })

  test.each([
    ['paginate=0', /paginate.*at least 1/],
    ['page=-1', /page.*at least 1/],
    ['page=0', /page.*at least 1/],
    ['limit=abc', /limit.*integer/],
    ['limit=1.5', /limit.*integer/],
    ['offset=-2', /offset.*at least 0/],
    ['sort=views:sideways', /sort direction/],
    ['sort=views:desc:x', /sort parameter is malformed/],
    ['sort=,', /sort parameter is malformed/],
    ['state=archived', /state parameter/],
    ['first=maybe', /first parameter/],
    ['paginate=1&paginate=2', /paginate parameter must be given once/],
    ['where=x', /where parameter must name a field/],
    ['where[__proto__][x]=1', /__proto__/],
    ['where[constructor][prototype]=1', /constructor/],
    ['where%5B__proto__%5D=1', /__proto__/],
    ['where[title][toString]=1', /toString/],
    ['a[b][c][d][e][f][g]=1', /nested more than 5/],
    [Array.from({ length: 101 }, (_, i) => `p${i}=1`).join('&'), /more than 100 parameters/],
    [Array.from({ length: 51 }, (_, i) => `exclude[]=f${i}`).join('&'), /more than 50 elements/],
  ])('400 for %s', (raw, message) => {
    const error = bad(raw)
    expect(error?.code).toBe('bad_request')
    expect(error?.message).toMatch(message)
  })

  test('qs keeps a literal %, + as space', () => {
    expect(parseQueryString('where[title]=a+b%25')).toEqual({ where: { title: 'a b%' } })
  })
})

describe('planList', () => {
  const q = (raw: string) => parseListQuery(raw)
  test('count beats first beats paginate beats limit/offset', () => {
    expect(planList(q('count&first&paginate=2&limit=1'), 10)).toEqual({ kind: 'count' })
    expect(planList(q('first&paginate=2'), 10)).toEqual({ kind: 'first' })
    expect(planList(q('paginate=4&page=3&limit=1&offset=1'), 10)).toEqual({ kind: 'page', start: 8, end: 10, page: 3, perPage: 4, lastPage: 3 })
  })
  test('offset needs limit', () => {
    expect(planList(q('offset=3'), 10)).toEqual({ kind: 'all', start: 0, end: 10 })
    expect(planList(q('offset=3&limit=4'), 10)).toEqual({ kind: 'all', start: 3, end: 7 })
    expect(planList(q('offset=30&limit=4'), 10)).toEqual({ kind: 'all', start: 10, end: 10 })
  })
  test('page past the end is empty with correct meta', () => {
    const plan = planList(q('paginate=4&page=9'), 10)
    if (plan.kind !== 'page') throw new Error('expected a page')
    const { links, meta } = pageEnvelope(plan, 10, 'http://h/articles', 'paginate=4&page=9&locale=en')
    expect(meta).toEqual({ current_page: 9, from: null, last_page: 3, path: 'http://h/articles', per_page: 4, to: null, total: 10 })
    expect(links).toEqual({
      first: 'http://h/articles?paginate=4&locale=en&page=1', last: 'http://h/articles?paginate=4&locale=en&page=3',
      prev: 'http://h/articles?paginate=4&locale=en&page=3', next: null,
    })
  })
  test('empty collection has one page', () => {
    const plan = planList(q('paginate=4'), 0)
    if (plan.kind !== 'page') throw new Error('expected a page')
    expect(pageEnvelope(plan, 0, 'http://h/a', 'paginate=4').meta).toMatchObject({ last_page: 1, from: null, to: null, total: 0 })
  })
})

describe('like', () => {
  test.each([
    ['delta', 'Alpha DELTA gamma', true],
    ['%delta%', 'alpha delta', true],
    ['delta%', 'alpha delta', false],
    ['alpha%', 'alpha delta', true],
    ['a_pha', 'alpha', false],
    ['%a_pha%', 'alpha', true],
    ['a_pha', 'xa_phax', true],
    ['%a.c%', 'abc', false],
    ['%a.c%', 'xa.cx', true],
  ])('%s ~ %s = %s', (pattern, text, expected) => {
    expect(likeMatcher(pattern)(text.toLowerCase())).toBe(expected)
  })
})
