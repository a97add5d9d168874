import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../access/helpers.ts'
import { assetProject, form } from './helpers.ts'

/**
 * `GET /files/name/{filename}` with a name that itself holds `%XX`: the path was checked
 * decoded twice (request-limits.ts), so `x%2Fy.txt` (sent as `x%252Fy.txt`) looked like an
 * encoded separator and answered 404. Routes decode a path parameter once; so does the check.
 */
type Fixture = Awaited<ReturnType<typeof assetProject>>
let f: Fixture
const uuids = new Map<string, string>()
const NAMES = ['x%2Fy.txt', '%2E%2E', 'tab%09.txt', 'back%5Cslash.txt', 'a%20b.txt', '100% real.txt', 'b%2525.txt', 'café menu.txt']

beforeAll(async () => {
  f = await assetProject()
  for (const name of NAMES) {
    const res = await f.server.request('/files', { method: 'POST', token: f.token, body: form([{ name, bytes: `hello ${name}`, type: 'text/plain' }]) })
    expect(res.status, name).toBe(201)
    uuids.set(name, ((await res.json()) as { uuid: string }).uuid)
  }
})
afterAll(async () => {
  await f.server.close()
  await f.project.cleanup()
})

const byName = async (path: string) => {
  const res = await f.server.request(path, { token: f.readOnlyToken })
  return { status: res.status, body: (await res.json()) as { uuid?: string; filename?: string; message?: string } }
}

describe('GET /files/name/{filename}: the name is decoded once', () => {
  it.each(NAMES)('finds %s by its encoded name, with and without /api', async (name) => {
    for (const prefix of ['', '/api']) {
      const res = await byName(`${prefix}/files/name/${encodeURIComponent(name)}`)
      expect(res.status, `${prefix} ${name}: ${JSON.stringify(res.body)}`).toBe(200)
      expect(res.body).toMatchObject({ uuid: uuids.get(name), filename: name })
    }
  })

  it('traversal is still refused: a segment that decodes (once) to a dot, a separator or NUL is 404', async () => {
    const headers = { 'project-id': f.project.projectId, authorization: `Bearer ${f.readOnlyToken}` }
    for (const path of ['/files/name/..', '/files/name/%2e%2e', '/files/name/..%2fproject.yaml', '/files/name/a%2fb', '/files/name/a%5cb', '/files/name/%00', '/files/%2e%2e/name/x']) {
      const res = await rawRequest(f.server.url, { path, headers })
      expect(res.status, path).toBe(404)
      expect(res.text).not.toMatch(/uuid/)
    }
    // A name no asset has: the resource's own message.
    expect((await byName('/files/name/x%252Fz.txt')).body.message).toBe('Asset not found.')
  })
})
