import { describe, expect, test } from 'vitest'
import type { SchemaInfo } from '../../../src/query/compile-where.ts'
import { entry, f, run } from './helpers.ts'

const schema: SchemaInfo = {
  slug: 'articles',
  fields: [
    f('title', 'text'), f('views', 'number'), f('featured', 'boolean'), f('day', 'date'),
    f('tags', 'text', { repeatable: true }), f('kind', 'enumeration', { enumeration: { list: ['a', 'b'], multiple: true } }),
    f('author', 'relation', { relation: { type: 1, collection: 'authors' } }), f('secret', 'password'),
    f('seo', 'group', {}, [f('meta', 'text')]), f('data', 'json'),
  ],
}
const authorsSchema: SchemaInfo = { slug: 'authors', fields: [f('name', 'text')] }
const ada = entry({ name: 'Ada' }, { uuid: 'a0000000-0000-4000-8000-000000000001', at: 1 })
const bob = entry({ name: 'Bob' }, { uuid: 'a0000000-0000-4000-8000-000000000002', at: 2 })
const related = { authors: { schema: authorsSchema, entries: [ada, bob] } }

// Created in order e1..e5 (e5 newest).
const e1 = entry({ title: 'Alpha delta', views: 10, featured: true, day: '2024-01-05', tags: ['x', 'y'], kind: ['a'], author: ada.uuid }, { at: 10, locale: 'en' })
const e2 = entry({ title: 'beta', views: 200, featured: false, day: '2024-03-01', tags: ['y'], author: bob.uuid }, { at: 11, locale: 'fr' })
const e3 = entry({ title: 'Gamma DELTA', views: 30, day: '2023-12-31', kind: ['b'] }, { at: 12, locale: 'en' })
const e4 = entry({ title: 'draft only', views: 5 }, { at: 13, published: null })
const e5 = entry({ title: 'trashed', views: 7 }, { at: 14, deleted_at: '2024-05-01T00:00:00Z' })
const all = [e1, e2, e3, e4, e5]
const ids = (raw: string) => run(all, schema, raw, related).uuids.map((u) => ['e1', 'e2', 'e3', 'e4', 'e5'][all.findIndex((e) => e.uuid === u)])

const bad = (raw: string) => {
  try {
    run(all, schema, raw, related)
  } catch (error) {
    expect((error as { code?: string }).code).toBe('bad_request')
    return (error as Error).message
  }
  throw new Error(`expected 400 for ${raw}`)
}

describe('states', () => {
  test('published (default) lists entries with a snapshot, newest first, never trashed', () => {
    expect(ids('')).toEqual(['e3', 'e2', 'e1'])
  })
  test('draft and with_draft list every non-trashed entry', () => {
    expect(ids('state=draft')).toEqual(['e4', 'e3', 'e2', 'e1'])
    expect(ids('state=with_draft')).toEqual(['e4', 'e3', 'e2', 'e1'])
  })
  test('only_draft lists entries never published', () => {
    expect(ids('state=only_draft')).toEqual(['e4'])
  })
  test('published filters on the snapshot, draft on live values', () => {
    const p = entry({ title: 'new title' }, { at: 20, published: { title: 'old title' } })
    expect(run([p], schema, 'where[title]=old title').uuids).toEqual([p.uuid])
    expect(run([p], schema, 'where[title]=new title').uuids).toEqual([])
    expect(run([p], schema, 'state=draft&where[title]=new title').uuids).toEqual([p.uuid])
  })
})

describe('where operators', () => {
  test.each([
    ['where[title]=beta', ['e2']],
    ['where[title]=BETA', ['e2']],
    ['where[title][eq]=beta', ['e2']],
    ['where[title][not]=beta', ['e3', 'e1']],
    ['where[views][lt]=30', ['e1']],
    ['where[views][lte]=30', ['e3', 'e1']],
    ['where[views][gt]=30', ['e2']],
    ['where[views][gte]=30', ['e3', 'e2']],
    ['where[views][gt]=100', ['e2']],
    ['where[title][like]=delta', ['e3', 'e1']],
    ['where[title][like]=%25delta', ['e3', 'e1']],
    ['where[title][like]=alpha%25', ['e1']],
    ['where[title][not_like]=delta', ['e2']],
    ['where[views][in]=10,200', ['e2', 'e1']],
    ['where[views][in][]=10&where[views][in][]=30', ['e3', 'e1']],
    ['where[views][not_in]=10,200', ['e3']],
    ['where[views][between]=10,30', ['e3', 'e1']],
    ['where[views][not_between]=10,30', ['e2']],
    ['where[featured]=true', ['e1']],
    ['where[featured]=0', ['e2']],
    ['where[featured][null]', ['e3']],
    ['where[featured][not_null]=1', ['e2', 'e1']],
    ['where[day][gt]=2024-01-01', ['e2', 'e1']],
    ['where[day][between]=2023-12-01,2024-01-31', ['e3', 'e1']],
    ['where[tags]=y', ['e2', 'e1']],
    ['where[tags]=x', ['e1']],
    ['where[kind]=b', ['e3']],
    ['where[kind][null]', ['e2']],
    ['where[views][gte]=10&where[views][lte]=30', ['e3', 'e1']],
    ['where[locale]=fr', ['e2']],
    ['locale=en', ['e3', 'e1']],
    ['locale=en&where[views][gt]=20', ['e3']],
    ['where[created_at][gt]=2024-01-01T00:00:11Z', ['e3']],
    ['where[published_at][not_null]', ['e3', 'e2', 'e1']],
  ])('%s', (raw, expected) => {
    expect(ids(raw)).toEqual(expected)
  })

  test('uuid core column', () => {
    expect(ids(`where[uuid]=${e2.uuid}`)).toEqual(['e2'])
    expect(ids(`where[uuid][in]=${e1.uuid},${e3.uuid}`)).toEqual(['e3', 'e1'])
  })

  test('operator names are case-insensitive', () => {
    expect(ids('where[views][GTE]=30')).toEqual(['e3', 'e2'])
  })

  test('or groups: indexed and keyed forms, ANDed with the rest', () => {
    expect(ids('where[or][0][title]=beta&where[or][1][views]=10')).toEqual(['e2', 'e1'])
    expect(ids('where[or][title]=beta&where[or][views][lt]=20')).toEqual(['e2', 'e1'])
    expect(ids('where[or][0][title]=beta&where[or][1][views]=10&where[locale]=en')).toEqual(['e1'])
    expect(ids('where[or][0][views][gt]=100&where[or][0][featured]=true&where[or][1][title]=Gamma delta')).toEqual(['e3'])
  })

  test('numeric top-level groups are ANDed', () => {
    expect(ids('where[0][tags]=y&where[1][views][gt]=50')).toEqual(['e2'])
  })

  test('relation filters on the related entry’s fields', () => {
    expect(ids('where[author][name]=Ada')).toEqual(['e1'])
    expect(ids('where[author][name][like]=o')).toEqual(['e2'])
    expect(ids(`where[author]=${bob.uuid}`)).toEqual(['e2'])
    expect(ids('where[author][null]')).toEqual(['e3'])
  })

  test('relation filters see related entries in the same state', () => {
    const carol = entry({ name: 'Carol' }, { at: 3, published: null })
    const e = entry({ title: 't', author: carol.uuid }, { at: 30 })
    const rel = { authors: { schema: authorsSchema, entries: [carol] } }
    expect(run([e], schema, 'where[author][name]=Carol', rel).uuids).toEqual([])
    expect(run([e], schema, 'state=draft&where[author][name]=Carol', rel).uuids).toEqual([e.uuid])
  })
})

describe('sort', () => {
  test.each([
    ['sort=views:desc', ['e2', 'e3', 'e1']],
    ['sort=views', ['e1', 'e3', 'e2']],
    ['sort=views:ASC', ['e1', 'e3', 'e2']],
    ['sort=title:asc', ['e1', 'e2', 'e3']],
    ['sort=day:desc', ['e2', 'e1', 'e3']],
    ['sort=created_at:asc', ['e1', 'e2', 'e3']],
    ['sort=id:asc', ['e1', 'e2', 'e3']],
    ['sort=locale:asc,views:desc', ['e3', 'e1', 'e2']],
    ['sort=featured:desc', ['e1', 'e2', 'e3']],
    ['state=draft&sort=views:desc', ['e2', 'e3', 'e1', 'e4']],
  ])('%s', (raw, expected) => {
    expect(ids(raw)).toEqual(expected)
  })

  test('numbers sort numerically, empty values last in both directions, ties newest first', () => {
    const a = entry({ views: 9 }, { at: 40 })
    const b = entry({ views: 100 }, { at: 41 })
    const c = entry({}, { at: 42 })
    const d = entry({ views: 9 }, { at: 43 })
    expect(run([a, b, c, d], schema, 'sort=views:asc').uuids).toEqual([d.uuid, a.uuid, b.uuid, c.uuid])
    expect(run([a, b, c, d], schema, 'sort=views:desc').uuids).toEqual([b.uuid, d.uuid, a.uuid, c.uuid])
  })

  test('a large match set uses the cached full sort and agrees with a direct sort', () => {
    const many = Array.from({ length: 200 }, (_, i) => entry({ views: (i * 37) % 50, title: `t${i % 7}` }, { at: 100 + i }))
    const full = run(many, schema, 'sort=views:desc,title:asc').uuids
    const filtered = run(many, schema, 'sort=views:desc,title:asc&where[views][gte]=0').uuids
    expect(filtered).toEqual(full)
  })
})

describe('400s name the parameter and the problem', () => {
  test.each([
    ['where[nope]=1', /where\[nope\].*unknown field "nope"/],
    ['where[title][approx]=1', /unknown operator "approx"/],
    ['where[views]=abc', /"abc" is not a valid number/],
    ['where[featured]=maybe', /not a valid boolean/],
    ['where[day][gt]=someday', /not a valid date/],
    ['where[views][between]=1', /needs exactly two values/],
    ['where[views][between]=1,2,3', /needs exactly two values/],
    ['where[secret]=x', /password field and cannot be filtered/],
    ['where[seo]=x', /group field and cannot be filtered/],
    ['where[data]=x', /json field and cannot be filtered/],
    ['where[author][nope]=x', /unknown field "nope" in collection "authors"/],
    ['where[title][eq][]=a', /must be a single value/],
    ['where[or]=x', /where\[or\] must hold conditions/],
    ['sort=nope:asc', /unknown field "nope"/],
    ['sort=seo', /group field, which cannot be sorted/],
  ])('%s', (raw, message) => {
    expect(bad(raw)).toMatch(message)
  })
})
