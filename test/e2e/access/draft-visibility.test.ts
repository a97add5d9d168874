import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { checkFile } from '../../../src/storage/file-schemas.ts'
import { listingTemplate } from '../listing/fixture.ts'
import { cms } from '../../helpers/cli.ts'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Drafts are never public (docs/security.md): on a public project an anonymous read that asks
 * for drafts is refused on every path that answers entries (the h3 route, the Node fast read
 * path, its repeat answers, the shared answer cache), unless project.yaml says
 * `public_drafts: true`.
 */
let project: TempProject
let server: TestServer
let readToken: string
let createOnly: string
let adminToken: string
let draftUuid: string
let publishedUuid: string

type Via = 'node' | 'h3'
/** The real server (fast read path first), or the h3 app alone. */
async function get(via: Via, path: string, token?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'project-id': project.projectId, accept: 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = via === 'node' ? await fetch(`${server.url}${path}`, { headers }) : await server.app.fetch(new Request(`http://127.0.0.1${path}`, { headers }))
  return { status: res.status, text: await res.text() }
}
const patchProject = async (body: unknown) => server.request('/project', { method: 'PATCH', token: adminToken, json: body })

beforeAll(async () => {
  project = await makeProject(listingTemplate())
  server = await startTestServer(project.contentDir)
  const store = server.ctx.store
  readToken = (await createToken(store, { name: 'reader', abilities: ['read'] })).token
  createOnly = (await createToken(store, { name: 'writer', abilities: ['create'] })).token
  adminToken = (await createToken(store, { name: 'admin', abilities: ['*'] })).token
  const drafts = JSON.parse((await get('node', '/articles?state=only_draft&limit=1', readToken)).text) as Array<{ uuid: string }>
  draftUuid = drafts[0]!.uuid
  const published = JSON.parse((await get('node', '/articles?limit=1', readToken)).text) as Array<{ uuid: string }>
  publishedUuid = published[0]!.uuid
})
afterAll(async () => {
  await server.close()
  await project.cleanup()
})

const DRAFT_READS = () => [
  '/articles?state=draft', '/articles?state=with_draft', '/articles?state=only_draft', '/articles?state=DRAFT&paginate=5',
  '/articles?state=draft&where[title][like]=%25delta%25', '/articles?state=draft&first=1', '/articles?state=draft&count=1',
  `/articles/${draftUuid}?state=draft`, `/articles/${publishedUuid}?state=with_draft`, `/articles/${publishedUuid}?state=draft&translation_locale=fr`,
]

describe.each(['node', 'h3'] as const)('drafts on a public project (%s)', (via) => {
  test('anonymous: every read that asks for drafts is 401 naming the parameter, twice in a row', async () => {
    for (const path of DRAFT_READS()) {
      for (let i = 0; i < 2; i++) {
        const res = await get(via, path)
        expect(res.status, path).toBe(401)
        expect(JSON.parse(res.text).message, path).toMatch(/drafts \(state=draft.*read ability/)
      }
    }
    // Published reads still answer anonymously, and a draft-only entry is not found there.
    expect((await get(via, '/articles')).status).toBe(200)
    expect((await get(via, `/articles/${draftUuid}`)).status).toBe(404)
  })

  test('a token with read sees drafts; the cached draft answer is then not served to an anonymous caller', async () => {
    for (const path of DRAFT_READS()) {
      const withToken = await get(via, path, readToken)
      expect(withToken.status, path).not.toBe(401)
      expect(withToken.status, path).not.toBe(403)
      // The same target again, anonymous: the answer cache holds it now.
      expect((await get(via, path)).status, path).toBe(401)
    }
    const list = await get(via, '/articles?state=only_draft', readToken)
    expect(JSON.parse(list.text)).toHaveLength(5)
  })

  test('a token without read (published reads pass on a public project) gets 403 for drafts', async () => {
    expect((await get(via, '/articles', createOnly)).status).toBe(200)
    const res = await get(via, '/articles?state=draft', createOnly)
    expect(res.status).toBe(403)
    expect(JSON.parse(res.text).message).toMatch(/read ability/)
    expect((await get(via, `/articles/${draftUuid}?state=draft`, createOnly)).status).toBe(403)
  })
})

describe('public_drafts: true in project.yaml restores the hosted service\'s behaviour', () => {
  test('anonymous draft reads answer (repeated ones too) while it is on, and are refused again once it is off', async () => {
    const path = '/articles?state=only_draft'
    const on = await patchProject({ public_drafts: true })
    expect(on.status).toBe(200)
    expect((await on.json()).project.public_drafts).toBe(true)
    for (let i = 0; i < 3; i++) {
      const res = await get('node', path)
      expect(res.status).toBe(200)
      expect(JSON.parse(res.text)).toHaveLength(5)
    }
    expect((await get('h3', `/articles/${draftUuid}?state=draft`)).status).toBe(200)
    const off = await patchProject({ public_drafts: false })
    expect((await off.json()).project.public_drafts).toBe(false)
    // The repeat answer kept while it was on must not outlive the setting.
    expect((await get('node', path)).status).toBe(401)
    expect((await get('node', path)).status).toBe(401)
  })

  test('the setting is validated like the others: the API, cms validate\'s file schema', async () => {
    const bad = await patchProject({ public_drafts: 'yes' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/public_drafts must be true or false/)
    const base = { uuid: project.projectId, name: 'x', default_locale: 'en', locales: ['en'], api: 'public' }
    expect(checkFile('project', { ...base, public_drafts: true })).toEqual([])
    expect(checkFile('project', { ...base, public_drafts: 'yes' }).join('\n')).toMatch(/public_drafts must be true or false/)
  })
})

describe('cms project set --public-drafts', () => {
  test('writes public_drafts to project.yaml (no server), refuses anything but on/off', async () => {
    const other = await makeProject(listingTemplate())
    try {
      const on = await cms(['project', 'set', '--public-drafts', 'on', '--dir', other.contentDir, '--json'])
      expect(on.code, on.stderr).toBe(0)
      expect(JSON.parse(on.stdout)).toMatchObject({ public_drafts: true, changed: true })
      expect(await readFile(join(other.contentDir, 'project.yaml'), 'utf8')).toMatch(/^public_drafts: true$/m)
      const bad = await cms(['project', 'set', '--public-drafts', 'maybe', '--dir', other.contentDir])
      expect(bad.code).toBe(1)
      expect(bad.stderr).toMatch(/--public-drafts must be on or off/)
    } finally {
      await other.cleanup()
    }
  })
})
