import { rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer } from '../../helpers/server.ts'
import { makeEditorBuild } from './helpers.ts'

const project = await makeProject(blogTemplate())
const build = await makeEditorBuild()
const server = await startTestServer(project.contentDir, { env: { CMS_EDITOR_DIR: build } })
const unbuilt = await startTestServer(project.contentDir, { env: { CMS_EDITOR_DIR: `${build}-missing` } })
afterAll(async () => {
  await server.close()
  await unbuilt.close()
  await project.cleanup()
  await rm(build, { recursive: true, force: true })
})

/** A raw request target, sent as is (fetch would normalise `..` away). */
function raw(path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the editor SPA at /_admin', () => {
  it('serves index.html for /_admin, /_admin/ and any screen path, no-cache, with a strict CSP and no project header', async () => {
    for (const path of ['/_admin', '/_admin/', '/_admin/collections/articles/entries', '/_admin/signin?error=link-expired']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      expect(csp).toContain("img-src 'self' data: blob:")
      expect(csp).toContain("connect-src 'self'")
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  it('serves assets with their content type and an immutable cache; HEAD has the headers', async () => {
    const js = await fetch(`${server.url}/_admin/assets/index-abc123.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await js.text()).toBe('console.log("editor")')
    expect((await fetch(`${server.url}/_admin/assets/index-abc123.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await fetch(`${server.url}/_admin/assets/logo.svg`)).headers.get('content-type')).toBe('image/svg+xml')
    const head = await fetch(`${server.url}/_admin/assets/index-abc123.js`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it('a missing asset is 404, not the app', async () => {
    const res = await fetch(`${server.url}/_admin/assets/nope.js`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('root')
  })

  it('path traversal under /_admin/assets never leaves the assets folder', async () => {
    for (const path of [
      '/_admin/assets/../secret.txt', '/_admin/assets/%2e%2e/secret.txt', '/_admin/assets/%2e%2e%2fsecret.txt',
      '/_admin/assets/..%2fsecret.txt', '/_admin/assets/..%5csecret.txt', '/_admin/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/_admin/assets/.%2e/index.html', '/_admin/assets/%00.js', '/_admin/assets//etc/passwd', '/_admin/assets/%2fetc%2fpasswd',
    ]) {
      const res = await raw(path)
      expect(res.body, path).not.toContain('outside assets')
      expect(res.body, path).not.toContain('root:')
      expect(res.status === 404 || (res.status === 200 && res.body.includes('<div id="root">')), `${path} → ${res.status}`).toBe(true)
    }
  })

  it('unknown /_admin/api paths are 404 JSON, not the app', async () => {
    const res = await fetch(`${server.url}/_admin/api/nothing-here`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not Found.' })
  })

  it('without a build, a page says the editor is not built and how to build it', async () => {
    const res = await fetch(`${unbuilt.url}/_admin/`)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const text = await res.text()
    expect(text).toContain('not built')
    expect(text).toContain('npm run build:ui')
  })
})

describe('GET / from a browser', () => {
  it('answers a small HTML page with the project name, links and the curl line', async () => {
    const res = await fetch(`${server.url}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    expect(html).toContain(server.ctx.store.project.name)
    expect(html).toContain('href="/_admin/"')
    expect(html).toContain('docs/api.md')
    expect(html).toContain(`curl -H &quot;project-id: ${project.projectId}&quot; ${server.url}/`)
  })

  it('API clients keep their answers: JSON 400 without the project header, project info with it', async () => {
    const bare = await fetch(`${server.url}/`, { headers: { accept: 'application/json' } })
    expect(bare.status).toBe(400)
    expect(await bare.json()).toEqual({ message: 'Project header missing.' })
    const noAccept = await fetch(`${server.url}/`)
    expect(noAccept.status).toBe(400)
    const withHeader = await fetch(`${server.url}/`, { headers: { accept: 'text/html', 'project-id': project.projectId } })
    expect(withHeader.status).toBe(200)
    expect(withHeader.headers.get('content-type')).toContain('application/json')
  })
})
