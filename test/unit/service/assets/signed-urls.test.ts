import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { addAssetFromPath } from '../../../../src/service/assets/manage.ts'
import { createToken } from '../../../../src/service/tokens/manage.ts'
import { expiryFor } from '../../../../src/service/assets/file-urls.ts'
import { makeProject, type TempProject } from '../../../helpers/project.ts'
import { blogTemplate } from '../../../helpers/templates.ts'

/** A private project's file URLs (docs/media.md): signed, expiring, their lifetime a project setting. */
let project: TempProject
let ctx: AppContext
let app: ReturnType<typeof createApp>
let token: string
let uuid: string
let tmp: string

const call = (path: string, init: { method?: string; json?: unknown; auth?: boolean } = {}) => app.fetch(new Request(path.startsWith('http') ? path : `http://127.0.0.1${path}`, {
  method: init.method ?? 'GET',
  headers: { ...(init.auth === false ? {} : { 'project-id': project.projectId, authorization: `Bearer ${token}` }), ...(init.json ? { 'content-type': 'application/json' } : {}) },
  ...(init.json ? { body: JSON.stringify(init.json) } : {}),
}))
const assetUrl = async (query = '') => ((await (await call(`/files/${uuid}${query}`)).json()) as { url: string }).url

beforeAll(async () => {
  const template = blogTemplate()
  template.public_api = false
  project = await makeProject(template)
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
  app = createApp(ctx)
  token = (await createToken(ctx.store, { name: 'media', abilities: ['*'] })).token
  tmp = await mkdtemp(join(tmpdir(), 'cms-signed-'))
  await writeFile(join(tmp, 'a.png'), await sharp({ create: { width: 60, height: 40, channels: 3, background: 'red' } }).png().toBuffer())
  uuid = (await addAssetFromPath(ctx, join(tmp, 'a.png'))).uuid
})

afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
  await rm(tmp, { recursive: true, force: true })
})

describe('signed file URLs', () => {
  it('signs url, original_url and thumbnail_url, and the transform asked', async () => {
    expect(ctx.store.project.api).toBe('private')
    const a = (await (await call(`/files/${uuid}?w=30&format=webp`)).json()) as Record<string, string>
    for (const key of ['url', 'original_url', 'thumbnail_url']) expect(a[key], key).toMatch(/[?&]exp=\d+&sig=[\w-]{43}$/)
    expect(a.url).toContain('w=30&format=webp')
    const res = await call(a.url!, { auth: false })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
  })

  it('refuses an unsigned URL without a token (401), a tampered one (403), and takes a token instead of a signature', async () => {
    const url = await assetUrl()
    const plain = url.replace(/&exp=.*$/, '')
    expect((await call(plain, { auth: false })).status).toBe(401)
    expect((await call(url.replace(/exp=(\d+)/, (_m, n: string) => `exp=${Number(n) + 1}`), { auth: false })).status).toBe(403)
    expect((await call(`${url}&w=10`, { auth: false })).status).toBe(403)
    expect((await call(plain)).status).toBe(200)
  })

  it('expires after signed_urls.ttl, set through PATCH /project', async () => {
    expect((await call('/project', { method: 'PATCH', json: { signed_urls: { ttl: 'soon' } } })).status).toBe(400)
    const res = await call('/project', { method: 'PATCH', json: { signed_urls: { ttl: 120 } } })
    expect(res.status).toBe(200)
    expect(ctx.store.project.signed_urls).toEqual({ ttl: 120 })
    const exp = Number(new URL(await assetUrl()).searchParams.get('exp'))
    const now = Date.now() / 1000
    expect(exp - now).toBeGreaterThan(59)
    expect(exp - now).toBeLessThanOrEqual(120)
    // The expiry moves on in steps of half the lifetime: answers can be cached meanwhile.
    expect(expiryFor(120, 1_000_020_000)).toBe(expiryFor(120, 1_000_020_000 + 59_000))
  })
})
