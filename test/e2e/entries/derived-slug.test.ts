import { afterAll, expect, test } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * A slug derived from its source field must not make a create fail: the blog template's
 * article slug is unique and comes from the title, so two articles titled alike once gave
 * the second a 422 about a slug its author never typed.
 */
const project = await makeProject(blogTemplate())
const server = await startTestServer(project.contentDir)
const { token } = await createToken(server.ctx.store, { name: 'writer', abilities: ['*'] })
afterAll(async () => { await server.close(); await project.cleanup() })

const create = async (data: Record<string, unknown>) => {
  const res = await server.request('/articles', { method: 'POST', token, json: { data } })
  return { status: res.status, body: await res.json() }
}

test('a derived unique slug gets -2, -3 when taken; a slug given in the request is never changed', async () => {
  const first = await create({ title: 'Same Title' })
  const second = await create({ title: 'Same title' })
  const third = await create({ title: 'Same title!' })
  expect([first.status, second.status, third.status]).toEqual([201, 201, 201])
  expect([first.body.data.fields.slug, second.body.data.fields.slug, third.body.data.fields.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3'])

  const given = await create({ title: 'Other', slug: 'same-title' })
  expect(given.status).toBe(422)
  expect(Object.keys(given.body.errors)).toEqual(['data.slug'])
})
