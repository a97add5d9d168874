import { execFile } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { richTemplate } from './fixture.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

/**
 * A site-build file calling the server through openapi-fetch, typed only by what
 * openapi-typescript generated from GET /openapi.json. Every @ts-expect-error must be a real
 * error (tsc reports unused ones).
 */
const SAMPLE = `import createClient from 'openapi-fetch'
import type { components, paths } from './api.js'

type Article = components['schemas']['ArticlesEntry']

export async function run(baseUrl: string, projectId: string, token: string) {
  const client = createClient<paths>({ baseUrl })
  const header = { 'project-id': projectId }
  const created = await client.POST('/articles', {
    params: { header },
    headers: { authorization: \`Bearer \${token}\` },
    body: { data: { title: 'Typed from OpenAPI', reading_minutes: 7 }, locale: 'en', state: 'published' },
  })
  if (!created.data) throw new Error(\`create: \${created.response.status}\`)
  const uuid: string = created.data.data.uuid
  const list = await client.GET('/articles', { params: { header, query: { locale: 'en', sort: 'title:asc', where: { title: 'Typed from OpenAPI' } } } })
  if (!list.data || !Array.isArray(list.data)) throw new Error(\`list: \${list.response.status}\`)
  const titles: Array<string | null> = (list.data as Article[]).map((a) => a.fields.title)
  const one = await client.GET('/articles/{uuid}', { params: { header, path: { uuid } } })
  if (!one.data) throw new Error(\`get: \${one.response.status}\`)
  const minutes: number | null | undefined = one.data.data.fields.reading_minutes
  const missing = await client.GET('/articles/{uuid}', { params: { header, path: { uuid: '00000000-0000-4000-8000-000000000000' } } })
  return { uuid, titles, minutes, missingStatus: missing.response.status, missingError: missing.error }
}

export async function mistakes(baseUrl: string, projectId: string) {
  const client = createClient<paths>({ baseUrl })
  const header = { 'project-id': projectId }
  // @ts-expect-error: no such route
  await client.GET('/no-such-collection', { params: { header } })
  // @ts-expect-error: a string is not the number field's value
  await client.POST('/articles', { params: { header }, body: { data: { title: 'x', reading_minutes: 'seven' } } })
  // @ts-expect-error: the project header is a required parameter
  await client.GET('/articles', { params: {} })
  const one = await client.GET('/articles/{uuid}', { params: { header, path: { uuid: 'u' } } })
  // @ts-expect-error: not a field of articles
  return one.data?.data.fields.no_such_field
}
`

const sh = (args: string[]) => promisify(execFile)(process.execPath, args).then(() => '', (e: { stdout: string }) => e.stdout || 'failed')

describe('a client generated from /openapi.json (openapi-typescript + openapi-fetch)', () => {
  let project: TempProject
  let server: TestServer
  let dir: string

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    dir = join(project.dir, 'site')
    await mkdir(dir)
    // The sample resolves openapi-fetch (and its types) as a site build would: from node_modules.
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
    const doc = await (await fetch(`${server.url}/openapi.json`)).json() as Parameters<typeof openapiTS>[0]
    await writeFile(join(dir, 'api.d.ts'), astToString(await openapiTS(doc)))
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: [], lib: ['ES2022', 'DOM'], skipLibCheck: true, exactOptionalPropertyTypes: true },
      files: ['site.ts', 'unmarked.ts'],
    }))
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('the generated declarations typecheck a site-build file; the expected errors are errors', async () => {
    await writeFile(join(dir, 'site.ts'), SAMPLE)
    // Without the expectations, each marked line is a real error; one program for both files (tsc starts once).
    await writeFile(join(dir, 'unmarked.ts'), SAMPLE.replace(/\/\/ @ts-expect-error.*\n/g, ''))
    const out = await sh([TSC, '-p', join(dir, 'tsconfig.json')])
    const errors = out.split('\n').filter((line) => /error TS\d+/.test(line))
    expect(errors.filter((line) => !/(^|\/)unmarked\.ts\(/.test(line)), out).toEqual([])
    expect(errors.length).toBeGreaterThanOrEqual(4)
  }, 90_000)

  it('makes the typed calls against the running server: create with a token, list, get, a 404', async () => {
    await writeFile(join(dir, 'site.ts'), SAMPLE)
    const { token } = await createToken(server.ctx.store, { name: 'openapi-fetch', abilities: ['read', 'create'] })
    const site = await import(join(dir, 'site.ts')) as { run(baseUrl: string, projectId: string, token: string): Promise<{ uuid: string; titles: string[]; minutes: number | null; missingStatus: number; missingError: unknown }> }
    const result = await site.run(server.url, project.projectId, token)
    expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.titles).toEqual(['Typed from OpenAPI'])
    expect(result.minutes).toBe(7)
    expect(result.missingStatus).toBe(404)
    expect(result.missingError).toEqual({ message: expect.any(String) })
    const onDisk = await server.request(`/articles/${result.uuid}`)
    expect(((await onDisk.json()) as { data: { fields: { title: string } } }).data.fields.title).toBe('Typed from OpenAPI')
  }, 60_000)
})
