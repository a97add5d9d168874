import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { cms } from '../../helpers/cli.ts'
import { richTemplate } from './fixture.ts'

type Doc = { openapi: string; paths: Record<string, Record<string, { security: unknown[]; parameters: unknown[]; responses: Record<string, unknown>; requestBody?: unknown }>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }

describe('OpenAPI document', () => {
  let project: TempProject
  let server: TestServer
  let doc: Doc

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    const response = await server.request('/openapi.json')
    expect(response.status).toBe(200)
    doc = (await response.json()) as Doc
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('GET /openapi.json passes a real OpenAPI 3.1 validator', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('has every route per collection, the abilities as security, the collection schemas and the error shapes', () => {
    // A token or the editor's session cookie, with the ability the route needs.
    expect(doc.paths['/articles']?.get?.security).toEqual([{}, { token: ['read'] }, { editorSession: ['read'] }])
    expect(doc.paths['/articles']?.post?.security).toEqual([{ token: ['create'] }, { editorSession: ['create'] }])
    expect(doc.paths['/articles/{uuid}/publish']?.post?.security).toEqual([{ token: ['update'] }, { editorSession: ['update'] }])
    expect(doc.paths['/webhooks']?.get?.security).toEqual([{ token: ['admin'] }, { editorSession: ['admin'] }])
    // End-user routes need the end user's access token; sign-in needs nothing; introspection a project token.
    expect(doc.paths['/auth/me']?.get?.security).toEqual([{ endUser: [] }])
    expect(doc.paths['/auth/api-keys/{id}/revoke']?.post?.security).toEqual([{ endUser: [] }])
    expect(doc.paths['/auth/login']?.post?.security).toEqual([{}])
    expect(doc.paths['/auth/api-keys/introspect']?.post?.security).toEqual([{ token: ['introspect'] }, { editorSession: ['introspect'] }])
    expect(doc.paths['/{collection}']).toBeUndefined()
    expect(doc.paths['/events/{uuid}']?.get).toBeDefined()
    expect(doc.paths['/articles']?.post?.requestBody).toBeDefined()
    expect(doc.paths['/articles']?.get?.parameters).toContainEqual({ $ref: '#/components/parameters/where' })
    expect(doc.paths['/articles']?.get?.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })
    expect(Object.keys(doc.components.schemas.ArticlesFields?.properties ?? {})).toContain('reading_minutes')
    expect(Object.keys(doc.components.schemas.EventsFields?.properties ?? {})).not.toContain('secret')
    expect(doc.components.schemas.ValidationError).toBeDefined()
  })

  it('a private project needs a token for it; cms openapi writes the same document', async () => {
    const out = join(project.dir, 'openapi.json')
    const result = await cms(['openapi', '--dir', project.contentDir, '--out', out])
    expect(result.code).toBe(0)
    const file = JSON.parse(await readFile(out, 'utf8')) as Doc
    expect(Object.keys(file.paths)).toEqual(Object.keys(doc.paths))
    expect(file.components).toEqual(doc.components)
    expect((await new Validator().validate(file as unknown as Record<string, unknown>)).valid).toBe(true)
    await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'private' }, 'cli')
    expect((await server.request('/openapi.json')).status).toBe(401)
  }, 60_000)
})
