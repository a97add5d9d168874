import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { signQuery } from '../../../src/service/assets/file-urls.ts'
import { signInLink } from '../../../src/server/admin/session-routes.ts'
import { releaseBrowser, workerBrowser } from '../editor/helpers/browser.ts'

/**
 * Media a site can use (docs/media.md), in a real Chromium: a plain page served from another
 * loopback origin shows assets with only the URLs the API answered, a public project's as they
 * are, a private project's signed (a tampered or expired one does not load); `<picture>` with
 * AVIF and WebP sources loads; the editor's media grid loads thumbnails of at most 30 KB.
 */

interface Post { fields: { cover: { url: string; thumbnail_url: string } } }
interface Site { project: TempProject; server: TestServer; token: string }
let pub: Site
let priv: Site
let browser: Browser
let page: Page
/** The other origin: serves whatever HTML the test puts in `html`. */
let origin: Server
let originUrl: string
let html = ''

async function site(api: 'public' | 'private'): Promise<Site> {
  const project = await makeProject({
    name: `Media ${api}`, default_locale: 'en', locales: ['en'], public_api: api === 'public',
    collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text'), field('cover', 'media', { options: { media: { type: 1 } } })] }],
  })
  const server = await startTestServer(project.contentDir)
  const { token } = await createToken(server.ctx.store, { name: 'all', abilities: ['*'] })
  return { project, server, token }
}

async function upload(s: Site, name: string, bytes: Buffer, type: string): Promise<{ uuid: string; url: string; thumbnail_url: string }> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const res = await s.server.request('/files', { method: 'POST', token: s.token, body: form })
  expect(res.status).toBe(201)
  return await res.json() as { uuid: string; url: string; thumbnail_url: string }
}

/** A published post with this cover, read back as a site reads it: its cover's URLs. */
async function coverOf(s: Site, uuid: string): Promise<{ url: string; thumbnail_url: string }> {
  const made = await s.server.request('/posts', { method: 'POST', token: s.token, json: { data: { title: 'x', cover: uuid }, state: 'published' } })
  const entry = (await made.json() as { data: { uuid: string } }).data
  // A public project's site reads with no token; a private one's with its read token.
  const read = await s.server.request(`/posts/${entry.uuid}`, s === priv ? { token: s.token } : {})
  expect(read.status).toBe(200)
  const body = await read.json() as { data?: Post } & Post
  return (body.data ?? body).fields.cover
}

/** Loads the page with these images and answers each one's naturalWidth (0: did not load). */
async function show(body: string): Promise<Record<string, number>> {
  html = `<!doctype html><html><body>${body}</body></html>`
  await page.goto(`${originUrl}/page.html`)
  // Page scripts as strings: this folder's tsconfig has no DOM types.
  await page.waitForFunction('[...document.images].every((i) => i.complete)', null, { timeout: 15_000 })
  return page.evaluate<Record<string, number>>('Object.fromEntries([...document.images].map((i) => [i.id, i.naturalWidth]))')
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

beforeAll(async () => {
  ;[pub, priv] = await Promise.all([site('public'), site('private')])
  origin = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html) })
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
  originUrl = `http://localhost:${(origin.address() as AddressInfo).port}`
  browser = await workerBrowser()
  page = await (await browser.newContext()).newPage()
})

afterAll(async () => {
  if (browser) await releaseBrowser(browser)
  origin?.close()
  for (const s of [pub, priv]) {
    await s?.server.close()
    await s?.project.cleanup()
  }
})

const photo = () => sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer()

describe('public project', () => {
  it('shows the asset from the entry answer, its thumbnail and a <picture> of AVIF and WebP, from another origin', async () => {
    const asset = await upload(pub, 'photo.jpg', await photo(), 'image/jpeg')
    const cover = await coverOf(pub, asset.uuid)
    expect(new URL(cover.url).origin).not.toBe(originUrl)
    const widths = await show(`
      <img id="original" src="${esc(cover.url)}">
      <img id="thumb" src="${esc(cover.thumbnail_url)}">
      <picture>
        <source type="image/avif" srcset="${esc(cover.url)}&w=300&format=avif">
        <source type="image/webp" srcset="${esc(cover.url)}&w=300&format=webp">
        <img id="picture" src="${esc(cover.url)}&w=300">
      </picture>
      <img id="cors" crossorigin="anonymous" src="${esc(cover.url)}&w=120&format=webp">`)
    expect(widths).toEqual({ original: 900, thumb: 400, picture: 300, cors: 120 })
    const chosen = await page.evaluate<string>("document.getElementById('picture').currentSrc")
    expect(chosen).toContain('format=avif')
  })
})

describe('private project', () => {
  it('loads the signed URL; the same URL tampered, unsigned or expired does not', async () => {
    const asset = await upload(priv, 'photo.jpg', await photo(), 'image/jpeg')
    const cover = await coverOf(priv, asset.uuid)
    expect(cover.url).toMatch(/[?&]exp=\d+&sig=[\w-]+$/)
    // A signed URL for a transform, asked of the API.
    const res = await priv.server.request(`/files/${asset.uuid}?w=200&format=webp`, { token: priv.token })
    const sized = (await res.json() as { url: string }).url
    const u = new URL(cover.url)
    const unsigned = `${u.origin}${u.pathname}?v=${u.searchParams.get('v')}`
    const tampered = sized.replace('w=200', 'w=201')
    const sig = u.searchParams.get('sig')!
    const badSig = cover.url.replace(sig, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)
    const path = `/files/${asset.uuid}/download`
    const expiredQuery = signQuery({ project: priv.server.ctx.store.project, stateDir: priv.server.ctx.store.layout.stateDir }, path, `v=${u.searchParams.get('v')}`, Math.floor(Date.now() / 1000) - 10)
    const expired = `${u.origin}${path}?${expiredQuery}`
    const widths = await show(['signed', 'sized', 'unsigned', 'tampered', 'badSig', 'expired'].map((id) => `<img id="${id}" src="${esc({ signed: cover.url, sized, unsigned, tampered, badSig, expired }[id]!)}">`).join(''))
    expect(widths).toEqual({ signed: 900, sized: 200, unsigned: 0, tampered: 0, badSig: 0, expired: 0 })
    // What the refusals say.
    expect((await fetch(expired)).status).toBe(403)
    expect((await fetch(tampered)).status).toBe(403)
    expect((await fetch(unsigned)).status).toBe(401)
  })
})

describe('the editor', () => {
  it('loads media grid thumbnails of at most 30 KB each', async () => {
    // Noise compresses badly: the thumbnail's bound is tested where it is hard to keep.
    for (let i = 0; i < 1; i++) {
      const noisy = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 95 }).toBuffer()
      await upload(pub, `noise-${i}.jpg`, noisy, 'image/jpeg')
    }
    const editor = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await editor.goto(signInLink(pub.server.ctx, pub.server.url))
    await editor.getByRole('navigation', { name: 'Main' }).waitFor()
    await editor.goto(`${pub.server.url}/_admin/media`)
    // The editor's CSP allows no eval: page functions, typed through globalThis (no DOM types here).
    type Img = { complete: boolean; naturalWidth: number }
    await editor.waitForFunction(() => {
      const imgs = Array.from((globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Img> } }).document.querySelectorAll('img.media-thumb-img'))
      return imgs.length >= 2 && imgs.every((i) => i.complete && i.naturalWidth > 0)
    }, null, { timeout: 20_000 })
    const sizes = await editor.evaluate(() => (performance.getEntriesByType('resource') as unknown as Array<{ name: string; encodedBodySize: number }>)
      .filter((e) => e.name.includes('/thumbnail')).map((e) => e.encodedBodySize))
    expect(sizes.length).toBeGreaterThanOrEqual(2)
    for (const size of sizes) {
      expect(size).toBeGreaterThan(0)
      expect(size).toBeLessThanOrEqual(30 * 1024)
    }
    await editor.close()
  })
})
