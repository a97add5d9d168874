import { afterAll, beforeAll, expect, test } from 'vitest'
import { setupWriting, type WritingEnv } from '../entries/setup.ts'

/**
 * Cached list answers borrow from other collections (expanded relations): a change there must
 * renew them, though the listed collection itself did not change. The answer cache checks a
 * slot against the store's change count before anything else (list.ts `open`); this fails if
 * that check misses a change made elsewhere.
 */
let env: WritingEnv

beforeAll(async () => { env = await setupWriting() })
afterAll(async () => { await env?.close() })

test('a cached list answer shows a related entry as it is now, after that entry changed', async () => {
  const author = (await env.req('/authors', { method: 'POST', json: { data: { name: 'Ada' }, state: 'published' } })).body.data
  await env.req('/articles', { method: 'POST', json: { data: { title: 'Cached', seo: { meta_title: 'm' }, author: author.uuid }, state: 'published' } })
  const names = async (path: string) => ((await env.req(path)).body as Array<{ fields: { author: { fields: { name: string } } | null } }>).map((e) => e.fields.author?.fields.name)
  // Twice: the second answer comes from the cache.
  expect(await names('/articles')).toEqual(['Ada'])
  expect(await names('/articles')).toEqual(['Ada'])
  expect((await env.req(`/authors/${author.uuid}`, { method: 'PATCH', json: { data: { name: 'Grace' }, state: 'published' } })).status).toBe(200)
  expect(await names('/articles')).toEqual(['Grace'])
  expect(await names('/articles?sort=title:asc')).toEqual(['Grace'])
})
