import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { validateTree } from '../../../src/review/validate.ts'

/**
 * A hand-written schema may name a relation's target by the collection's display name
 * ("Authors"). Write checks, reads, filters and `cms validate` must agree on what it names:
 * before one resolver served them all, the write passed and the read answered null.
 */
let project: TempProject
let server: TestServer
let token: string

beforeAll(async () => {
  project = await makeProject({
    format: 'elmapicms', version: 1, type: 'project', name: 'Relation names', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', is_singleton: false, fields: [field('name', 'text')] },
      { name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('title', 'text'), field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } })] },
    ],
    demo_data: [],
  })
  const file = join(project.contentDir, 'collections', 'posts.yaml')
  const text = await readFile(file, 'utf8')
  expect(text).toMatch(/collection: authors/)
  await writeFile(file, text.replace(/collection: authors/, 'collection: Authors'))
  server = await startTestServer(project.contentDir)
  token = (await createToken(server.ctx.store, { name: 'all', abilities: ['read', 'create', 'update', 'delete'] })).token
})
afterAll(async () => { await server?.close(); await project?.cleanup() })

test('a relation whose target is named "Authors" resolves the same for writes, reads, filters and validate', async () => {
  const author = (await (await server.request('/authors', { method: 'POST', token, json: { data: { name: 'Ada' }, state: 'published' } })).json()).data
  expect(author.uuid).toBeTruthy()
  const created = await server.request('/posts', { method: 'POST', token, json: { data: { title: 'Hello', author: author.uuid }, state: 'published' } })
  expect(created.status).toBe(201)
  const post = (await created.json()).data

  const read = (await (await server.request(`/posts/${post.uuid}`, { token })).json()).data
  expect(read.fields.author).toMatchObject({ uuid: author.uuid })

  const filtered = await (await server.request(`/posts?where[author][name]=Ada`, { token })).json()
  expect(filtered.map((p: { uuid: string }) => p.uuid)).toEqual([post.uuid])

  const report = await validateTree(project.contentDir)
  expect(report.problems.filter((p: { rule: string }) => p.rule === 'reference')).toEqual([])
})
