import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { createApp } from '../../../src/server/http/app.ts'
import { ApiError, createClient } from '../../../src/client/index.ts'
import { apiError, apiHeaders, send } from '../../../src/client/transport.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * The transport the typed client and the editor share (src/client/transport.ts), against the app
 * in process: a refusal is one ApiError for both (status, the API's message, its body, a 422's
 * field errors), and the client's reads send the query the API reads.
 */
let project: TempProject
let ctx: Awaited<ReturnType<typeof createContext>>
let app: ReturnType<typeof createApp>
let token: string
const inProcess: typeof fetch = async (input, init) => app.fetch(new Request(input as string, init))

beforeAll(async () => {
  project = await makeProject({ name: 'Transport', default_locale: 'en', locales: ['en'], collections: [{ name: 'Stories', slug: 'stories', fields: [field('title', 'text', { validations: { required: { status: true } } })] }] })
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
  app = createApp(ctx)
  token = (await createToken(ctx.store, { name: 'Ada', abilities: ['*'] })).token
})
afterAll(async () => { await ctx?.close(); await project?.cleanup() })

describe('the shared transport', () => {
  it('reads an error answer into an ApiError, JSON or not', () => {
    const e = apiError(422, JSON.stringify({ message: 'The given data was invalid.', errors: { 'data.title': ['Required.'], x: 'one' } }))
    expect(e).toBeInstanceOf(ApiError)
    expect(e).toMatchObject({ status: 422, message: 'The given data was invalid.', errors: { 'data.title': ['Required.'], x: ['one'] } })
    expect(apiError(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, message: 'The server answered 502.', errors: {}, data: null })
  })

  it('sends JSON with the project header and answers data, status and ETag', async () => {
    const headers = apiHeaders({ projectId: project.projectId, token, body: {} })
    const made = await send<{ data: { uuid: string } }>('http://127.0.0.1/stories', { method: 'POST', headers, body: JSON.stringify({ data: { title: 'Fog' } }) }, inProcess)
    expect(made.status).toBe(201)
    expect(made.data.data.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const refused = await send('http://127.0.0.1/stories', { method: 'POST', headers, body: JSON.stringify({ data: {} }) }, inProcess).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 422, data: { message: expect.any(String) } })
    expect(Object.keys((refused as ApiError).errors).join()).toMatch(/title/)
  })

  it('is what the typed client rejects with, and the client reads with its query string', async () => {
    const cms = createClient<{ stories: { uuid: string; fields: { title: string } } }, { stories: Record<string, unknown> }>({ baseUrl: 'http://127.0.0.1', projectId: project.projectId, token, fetch: inProcess })
    await cms.entries('stories').create({ title: 'Tide & time' })
    const found = await cms.entries('stories').list({ state: 'draft', where: { title: { like: 'Tide & t' } }, count: true })
    expect(found).toEqual({ count: 1 })
    const missing = await cms.entries('stories').get('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(ApiError)
    expect(missing).toMatchObject({ status: 404, message: expect.any(String), data: { message: expect.any(String) } })
    const invalid = await cms.entries('stories').create({}).catch((e: unknown) => e)
    expect(invalid).toMatchObject({ status: 422 })
    expect(Object.keys((invalid as ApiError).errors).length).toBeGreaterThan(0)
  })
})
