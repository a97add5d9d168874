import { afterEach, describe, expect, it, vi } from 'vitest'
import { request, type ClientRequest } from 'node:http'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { serve, type ServeProcess } from '../../helpers/cli.ts'
import { readServerInfo } from '../../../src/storage/lock.ts'
import { makePng } from './helpers.ts'

/**
 * Starts a multipart upload that never ends on its own: a PNG header, then zeros for as long
 * as the server takes them. Resolves the request so the test can cut it.
 */
function endlessUpload(url: string, projectId: string, token: string): { req: ClientRequest; done: Promise<unknown> } {
  const boundary = 'cmsboundary42'
  const req = request(`${url}/files`, {
    method: 'POST',
    headers: { 'project-id': projectId, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  const done = new Promise((resolve) => {
    req.on('error', resolve)
    req.on('response', (res) => { res.resume(); res.on('end', resolve) })
  })
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`)
  req.write(makePng(16, 16))
  const chunk = Buffer.alloc(64 * 1024)
  const pump = () => {
    while (!req.destroyed && req.write(chunk));
    if (!req.destroyed) req.once('drain', pump)
  }
  pump()
  return { req, done }
}

/** Every file under content/assets, relative. */
async function assetTree(contentDir: string): Promise<string[]> {
  const root = join(contentDir, 'assets')
  const out: string[] = []
  for (const item of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (item.isDirectory()) for (const f of await readdir(join(root, item.name))) out.push(`${item.name}/${f}`)
    else out.push(item.name)
  }
  return out
}

const tempBytes = async (contentDir: string) => {
  let total = 0
  for (const rel of await assetTree(contentDir)) if (rel.includes('.cms-tmp-')) total += (await stat(join(contentDir, 'assets', rel))).size
  return total
}

let project: TempProject | undefined
const running: ServeProcess[] = []
afterEach(async () => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) { p.child.kill('SIGKILL'); await p.exited.catch(() => {}) }
  await project?.cleanup()
})

async function start(): Promise<{ server: ServeProcess; token: string }> {
  const server = await serve(['--dir', project!.contentDir])
  running.push(server)
  const info = await readServerInfo(project!.stateDir)
  return { server, token: info!.token! }
}

describe('an interrupted upload leaves nothing behind', () => {
  it('server killed mid-stream: no asset file, no metadata; the next start clears the temp file', async () => {
    project = await makeProject({ name: 'kill', default_locale: 'en', locales: ['en'], public_api: true, collections: [] })
    const { server, token } = await start()
    const upload = endlessUpload(server.url, project.projectId, token)
    await vi.waitFor(async () => expect(await tempBytes(project!.contentDir)).toBeGreaterThan(2 * 1024 * 1024), { timeout: 20_000, interval: 50 })
    server.child.kill('SIGKILL')
    await server.exited.catch(() => {})
    await upload.done

    // Only the temp file (marked, ignored by the watcher) may remain; no asset, no YAML.
    const after = await assetTree(project.contentDir)
    expect(after.filter((f) => !f.includes('.cms-tmp-'))).toEqual([])
    expect(after.some((f) => f.endsWith('.yaml'))).toBe(false)

    const again = await start()
    // The loader deletes the temp file, the asset routes the then-empty folder.
    await vi.waitFor(async () => expect(await readdir(join(project!.contentDir, 'assets')).catch(() => [])).toEqual([]), { timeout: 10_000, interval: 50 })
    const res = await fetch(`${again.server.url}/files`, { headers: { 'project-id': project.projectId, authorization: `Bearer ${again.token}` } })
    expect(((await res.json()) as { meta: { total: number } }).meta.total).toBe(0)
  })

  it('client gone mid-stream: the server removes the temp file at once and stays up', async () => {
    project = await makeProject({ name: 'abort', default_locale: 'en', locales: ['en'], public_api: true, collections: [] })
    const { server, token } = await start()
    const upload = endlessUpload(server.url, project.projectId, token)
    await vi.waitFor(async () => expect(await tempBytes(project!.contentDir)).toBeGreaterThan(1024 * 1024), { timeout: 20_000, interval: 50 })
    upload.req.destroy()
    await upload.done
    await vi.waitFor(async () => expect(await readdir(join(project!.contentDir, 'assets')).catch(() => [])).toEqual([]), { timeout: 10_000, interval: 50 })
    const res = await fetch(`${server.url}/files`, { headers: { 'project-id': project.projectId, authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { meta: { total: number } }).meta.total).toBe(0)
  })
})
