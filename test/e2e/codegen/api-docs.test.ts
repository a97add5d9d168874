import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { richTemplate } from './fixture.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

describe('GET /_docs: the API reference page', () => {
  let project: TempProject
  let server: TestServer

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('answers HTML that loads only same-origin scripts and points the renderer at /openapi.json', async () => {
    // A browser's navigation: no project header, no token (a public project).
    const page = await fetch(`${server.url}/_docs`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'")
    const html = await page.text()
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts).toEqual(['/_docs/redoc.standalone.js'])
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/) // no inline script
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    expect(html).toContain('spec-url="/openapi.json"')

    const script = await fetch(`${server.url}${scripts[0]}`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const js = await script.text()
    expect(js.length).toBeGreaterThan(100_000)
    expect(js).toContain('spec-url')

    // The document the page fetches, by URL alone (no project header) on a public project.
    const doc = await fetch(`${server.url}/openapi.json`)
    expect(doc.status).toBe(200)
    const body = (await doc.json()) as { openapi: string; info: { version: string } }
    expect(body.openapi).toBe('3.1.0')
    // The server's own version, as `cms openapi` writes it (it said 0.0.0).
    expect(body.info.version).toBe((JSON.parse(await readFile(`${ROOT}/package.json`, 'utf8')) as { version: string }).version)
  })

  it('the package ships the renderer: `files` lists dist-docs/, which the build fills from redoc', async () => {
    const pkg = JSON.parse(await readFile(`${ROOT}/package.json`, 'utf8')) as { files: string[]; scripts: Record<string, string> }
    expect(pkg.files).toContain('dist-docs')
    expect(pkg.scripts.prepare).toContain('bundle-docs-renderer')
    const shipped = await readFile(`${ROOT}/dist-docs/redoc.standalone.js`, 'utf8')
    expect(shipped).not.toContain('sourceMappingURL=redoc.standalone.js.map')
    expect(await readFile(`${ROOT}/dist-docs/LICENSE`, 'utf8')).toMatch(/MIT License/i)
  })

  it('a private project: the page needs a token like the document; the script is a static file', async () => {
    await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'private' }, 'cli')
    try {
      expect((await fetch(`${server.url}/_docs`)).status).toBe(401)
      expect((await fetch(`${server.url}/openapi.json`)).status).toBe(401)
      const { token } = await createToken(server.ctx.store, { name: 'docs-reader', abilities: ['read'] })
      const withToken = await fetch(`${server.url}/_docs`, { headers: { authorization: `Bearer ${token}` } })
      expect(withToken.status).toBe(200)
      expect((await fetch(`${server.url}/_docs/redoc.standalone.js`)).status).toBe(200)
      // A project header, when sent, must still name this project.
      expect((await fetch(`${server.url}/openapi.json`, { headers: { 'project-id': '11111111-2222-4333-8444-555555555555', authorization: `Bearer ${token}` } })).status).toBe(404)
    } finally {
      await server.ctx.store.putProject({ ...server.ctx.store.project, api: 'public' }, 'cli')
    }
  })
})
