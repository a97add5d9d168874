import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePng } from '../assets/helpers.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Hostile parameters and files on the file URLs (docs/media.md, docs/security.md): each a clear
 * 4xx or served safely, never a 500; and the server keeps answering other requests while a large
 * transform runs.
 */
let project: TempProject
let server: TestServer
let token: string
const urls: Record<string, string> = {}

async function upload(name: string, bytes: Buffer, type: string): Promise<{ uuid: string; url: string; thumbnail_url: string | null }> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const res = await server.request('/files', { method: 'POST', token, body: form })
  expect(res.status, name).toBe(201)
  return await res.json() as { uuid: string; url: string; thumbnail_url: string | null }
}

/** A PNG whose header claims `width`×`height` with almost no data: a decompression bomb's header. */
function bombPng(width: number, height: number): Buffer {
  const png = makePng(4, 4)
  const ihdr = png.subarray(16, 29)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  // The header's CRC covers the new size, so a decoder trusts it.
  const crc = (buf: Buffer) => { let c = ~0; for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)) } return ~c >>> 0 }
  png.writeUInt32BE(crc(png.subarray(12, 29)), 29)
  return png
}

/** An animated GIF of `frames` 8×8 frames, each different (so none is merged away). */
async function manyFrames(frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(8 * 8 * 3 * frames)
  for (let j = 0; j < raw.length; j++) raw[j] = (j * 7 + Math.floor(j / 192) * 13) & 255
  return sharp(raw, { raw: { width: 8, height: 8 * frames, channels: 3, pageHeight: 8 } }).gif().toBuffer()
}

beforeAll(async () => {
  project = await makeProject({
    name: 'Hostile media', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text')] }],
  })
  server = await startTestServer(project.contentDir, { env: { CMS_UPLOAD_MIME_ALLOW: 'image/svg+xml' } })
  token = (await createToken(server.ctx.store, { name: 'all', abilities: ['*'] })).token
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 160, b: 90 } } }).jpeg().toBuffer()
  urls.photo = (await upload('photo.jpg', photo, 'image/jpeg')).url
  urls.small = (await upload('small.png', makePng(8, 8), 'image/png')).url
})

afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

describe('hostile parameters', () => {
  const cases: Array<[string, string]> = [
    ['w=0', 'w'], ['w=-1', 'w'], ['w=8193', 'w'], ['w=99999999999', 'w'], ['h=0', 'h'], ['h=-300', 'h'], ['h=10000', 'h'],
    ['w=abc', 'w'], ['w=', 'w'], ['w=1e3', 'w'], ['w=0x10', 'w'], ['w=12.5', 'w'], ['w=NaN', 'w'], ['w=Infinity', 'w'],
    ['q=0', 'q'], ['q=101', 'q'], ['q=-5', 'q'], ['dpr=0', 'dpr'], ['dpr=4.5', 'dpr'], ['dpr=2', 'dpr'], ['w=4097&dpr=2', 'w'], ['h=3000&dpr=3', 'h'],
    ['fit=crop', 'fit'], ['fit=COVER', 'fit'], ['format=bmp', 'format'], ['format=svg', 'format'], ['format=', 'format'],
    ['w=10&w=20', 'w'], ['format=webp&format=png', 'format'], ['sig=a&sig=b', 'sig'],
    ['width=100', 'width'], ['crop=1', 'crop'], ['w[]=1', 'w[]'], ['__proto__=1', '__proto__'],
  ]
  it(`answers each of ${cases.length} bad parameter sets with a 400 naming the parameter`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
    for (const [query, name] of cases) {
      const res = await fetch(`${urls.photo}&${query}`)
      expect(res.status, query).toBe(400)
      const body = await res.json() as { message: string }
      expect(body.message, query).toContain(name)
      expect(body.message, query).not.toMatch(/\/tmp|\.cms|at .*\.ts/)
    }
  })

  it('refuses transform parameters on a file that is not an image, and on the thumbnail', async () => {
    const pdf = await upload('doc.pdf', Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'), 'application/pdf')
    expect(pdf.thumbnail_url).toBeNull()
    expect((await fetch(`${pdf.url}&w=100`)).status).toBe(422)
    const thumb = (await (await server.request(`/files/${urls.photo!.split('/')[4]}`, { token })).json() as { thumbnail_url: string }).thumbnail_url
    expect((await fetch(`${thumb}&w=100`)).status).toBe(400)
  })
})

describe('hostile files', () => {
  it('refuses a pixel bomb quickly, from its header', async () => {
    const bomb = await upload('bomb.png', bombPng(100_000, 100_000), 'image/png')
    const started = Date.now()
    const res = await fetch(`${bomb.url}&w=100`)
    expect(res.status).toBe(422)
    expect(((await res.json()) as { message: string }).message).toMatch(/too large to transform/)
    expect(Date.now() - started).toBeLessThan(2000)
    expect((await fetch(bomb.thumbnail_url!)).status).toBe(422)
    // The original is kept as uploaded and still downloads.
    expect((await fetch(bomb.url)).status).toBe(200)
  })

  it('answers a truncated JPEG with a 422 or a safe image, never a 500', async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100, sigma: 30 } } }).jpeg().toBuffer()
    const cut = await upload('cut.jpg', whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg')
    for (const url of [`${cut.url}&w=200`, cut.thumbnail_url!]) {
      const res = await fetch(url)
      expect([200, 422]).toContain(res.status)
      if (res.status === 200) expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBeGreaterThan(0)
    }
  })

  it('serves an SVG with script unrasterised, under a policy that runs no script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>')
    const a = await upload('x.svg', svg, 'image/svg+xml')
    expect(a.thumbnail_url).toBeNull()
    for (const url of [a.url, `${a.url}&w=100&format=png`]) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await res.arrayBuffer()).equals(svg)).toBe(true)
    }
  })

  it('keeps the frames of an animated GIF, refuses one of 1,000 frames clearly, and still thumbnails it', async () => {
    const few = await upload('few.gif', await manyFrames(12), 'image/gif')
    const webp = await fetch(`${few.url}&w=16&format=webp`)
    expect(webp.status).toBe(200)
    expect((await sharp(Buffer.from(await webp.arrayBuffer()), { animated: true }).metadata()).pages).toBe(12)
    expect((await fetch(`${few.url}&w=16&format=jpeg`)).status).toBe(422)

    const many = await upload('many.gif', await manyFrames(1000), 'image/gif')
    const res = await fetch(`${many.url}&w=16&format=webp`)
    expect(res.status).toBe(422)
    expect(((await res.json()) as { message: string }).message).toMatch(/too many frames/)
    const thumb = await fetch(many.thumbnail_url!)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
  })

  it('drops EXIF (GPS included) from derivatives and keeps the original as uploaded', async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .jpeg().withExifMerge({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } }).toBuffer()
    const a = await upload('gps.jpg', tagged, 'image/jpeg')
    const original = Buffer.from(await (await fetch(a.url)).arrayBuffer())
    expect(original.equals(tagged)).toBe(true)
    expect((await sharp(original).metadata()).exif).toBeDefined()
    for (const url of [`${a.url}&w=100`, `${a.url}&w=100&format=webp`, a.thumbnail_url!]) {
      const out = Buffer.from(await (await fetch(url)).arrayBuffer())
      expect((await sharp(out).metadata()).exif, url).toBeUndefined()
      expect(out.includes(Buffer.from('secret-owner')), url).toBe(false)
    }
  })
})

describe('the server keeps answering', () => {
  it('answers other requests within 100 ms while large transforms run', async () => {
    // 6 megapixels (the bench measures 12): seconds of libvips work in the thread pool.
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 8 } } }).jpeg({ quality: 80 }).toBuffer()
    const a = await upload('big.jpg', big, 'image/jpeg')
    // Under a heavily loaded machine the OS alone can pause a process for 100 ms: a stall our code
    // caused (a decode on the event loop) shows in every attempt, the machine's in some.
    const attempts: number[][] = []
    for (let attempt = 0; attempt < 3; attempt++) {
      const heavy = fetch(`${a.url}&w=${2000 + attempt}&format=webp`)
      let done = false
      void heavy.finally(() => { done = true })
      const stalls: number[] = []
      while (!done) {
        const started = performance.now()
        await (await fetch(urls.small!)).arrayBuffer()
        stalls.push(performance.now() - started)
      }
      expect((await heavy).status).toBe(200)
      attempts.push(stalls)
      if (stalls.length > 5 && Math.max(...stalls) < 100) break
    }
    const best = attempts.reduce((x, y) => (Math.max(...x) <= Math.max(...y) ? x : y))
    expect(best.length).toBeGreaterThan(5)
    expect(Math.max(...best), attempts.map((s) => s.map((n) => n.toFixed(0)).join(' ')).join(' | ')).toBeLessThan(100)
  })
})
