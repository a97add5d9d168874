import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { addAssetFromPath, updateAssetMetadata } from '../../../../src/service/assets/manage.ts'
import { mediaWorks } from '../../../../src/service/assets/derivatives.ts'
import { createToken } from '../../../../src/service/tokens/manage.ts'
import { makeProject, type TempProject } from '../../../helpers/project.ts'
import { blogTemplate } from '../../../helpers/templates.ts'

/**
 * Image transforms on the in-process app (docs/media.md): outputs decoded with sharp (size,
 * format, quality), the focal point kept in every cover crop, strict parameters.
 */
let project: TempProject
let ctx: AppContext
let app: ReturnType<typeof createApp>
let token: string
let tmp: string
const assets: Record<string, { uuid: string; url: string }> = {}

const get = (url: string, headers: Record<string, string> = {}) => app.fetch(new Request(url.startsWith('http') ? url : `http://127.0.0.1${url}`, { headers }))
const asset = async (uuid: string, query = '') => (await (await get(`/files/${uuid}${query}`, { 'project-id': project.projectId, authorization: `Bearer ${token}` })).json()) as Record<string, unknown> & { url: string; thumbnail_url: string; metadata: Record<string, unknown> }

/** A 1200×800 photo-like image: grey, with a red 40×40 mark at (1000, 150). */
async function markedImage(): Promise<Buffer> {
  const mark = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer()
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 110, b: 100 } } }).composite([{ input: mark, left: 980, top: 130 }]).jpeg({ quality: 90 }).toBuffer()
}

beforeAll(async () => {
  project = await makeProject(blogTemplate())
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
  app = createApp(ctx)
  token = (await createToken(ctx.store, { name: 'media', abilities: ['*'] })).token
  tmp = await mkdtemp(join(tmpdir(), 'cms-media-'))
  await writeFile(join(tmp, 'photo.jpg'), await markedImage())
  await writeFile(join(tmp, 'logo.png'), await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer())
  await writeFile(join(tmp, 'noise.png'), await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer())
  for (const name of ['photo.jpg', 'logo.png', 'noise.png']) {
    const record = await addAssetFromPath(ctx, join(tmp, name))
    assets[name] = { uuid: record.uuid, url: (await asset(record.uuid)).url }
  }
})

afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
  await rm(tmp, { recursive: true, force: true })
})

describe('metadata at upload', () => {
  it('records width, height and a placeholder of a few hundred bytes; processing is done', async () => {
    const a = await asset(assets['photo.jpg']!.uuid)
    expect(a.metadata).toMatchObject({ width: 1200, height: 800, focal_x: null, focal_y: null })
    expect(a.metadata.placeholder).toMatch(/^data:image\/webp;base64,/)
    expect(String(a.metadata.placeholder).length).toBeLessThan(600)
    expect(a.pending_image_processing).toBe(false)
  })
})

describe('the derivative cache', () => {
  it('makes concurrent first requests once and stays within its size bound, least recently used out', async () => {
    const state = await mkdtemp(join(tmpdir(), 'cms-media-cache-'))
    try {
      const works = mediaWorks(state, { CMS_MEDIA_CACHE_BYTES: '40000' })
      const record = ctx.store.assets.get(assets['noise.png']!.uuid)!
      const source = join(ctx.store.layout.assetDir(record.uuid), record.filename)
      const same = await Promise.all(Array.from({ length: 10 }, () => works.get(record, source, { w: 120, format: 'webp' })))
      expect(works.made).toBe(1)
      expect(same.map((d) => d.cache).sort()).toEqual(['miss', ...Array(9).fill('shared')])
      expect((await works.get(record, source, { w: 120, format: 'webp' })).cache).toBe('hit')
      for (const w of [200, 260, 320, 380]) await works.get(record, source, { w, format: 'png' })
      const last = (await works.get(record, source, { w: 380, format: 'png' }))
      expect(last.cache).toBe('hit')
      // The files on disk: an evicted one is unlinked in the background, so it may vanish mid-count.
      const onDisk = async () => {
        const sizes: number[] = []
        for (const f of await readdir(join(state, 'media-cache'))) {
          const st = await stat(join(state, 'media-cache', f)).catch(() => null)
          if (st) sizes.push(st.size)
        }
        return { count: sizes.length, total: sizes.reduce((a, b) => a + b, 0) }
      }
      // Over the bound only by the newest (never evicted as it is made); the older ones are gone.
      await expect.poll(async () => {
        const { count, total } = await onDisk()
        return count < 5 && total - last.size <= 40000
      }).toBe(true)
    } finally {
      await rm(state, { recursive: true, force: true })
    }
  })
})

describe('transforms', () => {
  it('makes the size, format and quality asked', async () => {
    const url = assets['photo.jpg']!.url
    for (const [query, want] of [
      ['w=300', { width: 300, height: 200, format: 'jpeg' }],
      ['w=300&h=300&format=webp', { width: 300, height: 300, format: 'webp' }],
      ['w=200&dpr=2&format=png', { width: 400, height: 267, format: 'png' }],
      ['w=500&h=100&fit=contain&format=avif', { width: 500, height: 100, format: 'heif' }],
      ['w=500&h=100&fit=inside', { width: 150, height: 100, format: 'jpeg' }],
      ['h=50&fit=fill&w=50', { width: 50, height: 50, format: 'jpeg' }],
    ] as const) {
      const res = await get(`${url}&${query}`)
      expect(res.status, query).toBe(200)
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect({ width: meta.width, height: meta.height, format: meta.format }, query).toEqual(want)
    }
    // Quality: on noise, a lower q is a much smaller file in every lossy format.
    const noise = assets['noise.png']!.url
    for (const format of ['jpeg', 'webp', 'avif']) {
      const low = await (await get(`${noise}&format=${format}&q=10`)).arrayBuffer()
      const high = await (await get(`${noise}&format=${format}&q=90`)).arrayBuffer()
      expect(low.byteLength, format).toBeLessThan(high.byteLength / 3)
    }
  })

  it('keeps the focal point inside every cover crop', async () => {
    const { uuid, url: before } = assets['photo.jpg']!
    expect((await get(before)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await updateAssetMetadata(ctx, uuid, { focal_x: 1000 / 1200, focal_y: 150 / 800 })
    const a = await asset(uuid)
    expect(a.metadata).toMatchObject({ focal_x: 0.8333, focal_y: 0.1875 })
    // The focal point is part of the version: the answers carry a new URL, the old one is revalidated.
    expect(a.url).not.toBe(before)
    expect((await get(before)).headers.get('cache-control')).toBe('public, no-cache')
    for (const [w, h] of [[100, 100], [300, 100], [100, 300], [50, 400], [400, 60]] as const) {
      const res = await get(`${a.url}&w=${w}&h=${h}&fit=cover&format=png`)
      const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true })
      expect([info.width, info.height]).toEqual([w, h])
      let red = 0
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) red++
      expect(red, `${w}×${h}`).toBeGreaterThan(0)
    }
  })

  it('answers thumbnail_url with a WebP of at most 400 px and 30 KB', async () => {
    const a = await asset(assets['photo.jpg']!.uuid)
    const res = await get(a.thumbnail_url)
    expect(res.headers.get('content-type')).toBe('image/webp')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBeLessThanOrEqual(30 * 1024)
    const meta = await sharp(bytes).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400)
  })

  it('refuses parameters outside the documented ones with a 400 naming them', async () => {
    const url = assets['logo.png']!.url
    for (const [query, name] of [['w=0', 'w'], ['w=-5', 'w'], ['w=8193', 'w'], ['h=99999999', 'h'], ['q=0', 'q'], ['q=101', 'q'], ['dpr=5', 'dpr'], ['w=5000&dpr=2', 'w'],
      ['fit=crop', 'fit'], ['format=bmp', 'format'], ['w=10&w=20', 'w'], ['width=10', 'width'], ['w=1e3', 'w'], ['w=10.5', 'w'], ['dpr=2', 'dpr']] as const) {
      const res = await get(`${url}&${query}`)
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { message: string }).message, query).toContain(name)
    }
  })
})
