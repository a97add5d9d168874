import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { queryString } from '../../../src/core/query-string.ts'
import { parseQueryString } from '../../../src/query/params.ts'

/**
 * The one query-string writer (client, editor, reader, Astro loaders) without qs: what it writes
 * parses, on the server, to exactly what qs's writer (the previous one) gave.
 */
const cases: Array<Record<string, unknown>> = [
  { state: 'draft', locale: 'en', paginate: 10, page: 2 },
  { where: { featured: true, title: { like: 'fog & tide' } } },
  { where: { tags: { in: ['a', 'b,c', 'ä ö'] }, published_date: { gte: new Date('2026-01-02T03:04:05Z') } } },
  { where: { or: [{ title: 'x' }, { title: { not_null: 1 } }] } },
  { sort: ['published_date:desc', 'title'], exclude: ['body', 'seo'] },
  { count: true, first: false, timestamps: true, search: undefined, locale: null },
  { 'where[uuid][in]': 'a,b', q: "it's (50%) +more*!" },
  { where: { body: null } },
]

function viaQs(params: Record<string, unknown>): string {
  const flat: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue
    flat[key] = value === true ? 1 : (key === 'exclude' || key === 'sort') && Array.isArray(value) ? value.join(',') : value
  }
  return qs.stringify(flat, { encodeValuesOnly: true, arrayFormat: 'indices' })
}

describe('queryString', () => {
  it('is parsed by the server as what qs wrote', () => {
    for (const params of cases) expect(parseQueryString(queryString(params).slice(1)), JSON.stringify(params)).toEqual(parseQueryString(viaQs(params)))
  })

  it('keeps brackets readable, encodes values, and is empty when nothing is left', () => {
    expect(queryString({ where: { title: { like: 'a b' } }, sort: ['x', 'y'], count: true })).toBe('?where[title][like]=a%20b&sort=x%2Cy&count=1')
    expect(queryString({ where: { tags: { in: ['a', 'b'] } } })).toBe('?where[tags][in][0]=a&where[tags][in][1]=b')
    expect(queryString({ first: false, locale: undefined, state: null })).toBe('')
    // A name cannot add a parameter of its own.
    expect(queryString({ 'a&b=c': 1 })).toBe('?a%26b%3Dc=1')
  })
})
