import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { createApp } from '../../../../src/server/http/app.ts'
import { acceptedEncoding, acceptedEncodings, COMPRESS_MIN } from '../../../../src/server/http/compression.ts'
import type { CmsApp } from '../../../../src/server/http/cms-app.ts'
import { makeProject } from '../../../helpers/project.ts'
import { manyArticles } from '../../../helpers/many-articles.ts'

describe('Accept-Encoding', () => {
  it('prefers br, then gzip; honours q=0; takes * as both; nothing when the client did not ask', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br')
    expect(acceptedEncoding('gzip')).toBe('gzip')
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined()
    expect(acceptedEncoding('identity')).toBeUndefined()
    expect(acceptedEncoding('')).toBeUndefined()
    expect(acceptedEncoding(undefined)).toBeUndefined()
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true })
    expect(acceptedEncodings('BR')).toEqual({ br: true, gzip: false })
  })
})

describe('compressed answers of the h3 app (in process)', () => {
  let app: CmsApp
  let projectId: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const project = await makeProject(manyArticles(60))
    const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), source: 'api' })
    app = createApp(ctx)
    projectId = project.projectId
    close = async () => { await ctx.close(); await project.cleanup() }
  })
  afterAll(() => close())

  const get = (path: string, encoding?: string) => {
    const headers: Record<string, string> = { 'project-id': projectId, accept: 'application/json' }
    if (encoding !== undefined) headers['accept-encoding'] = encoding
    return app.fetch(new Request(`http://127.0.0.1${path}`, { headers }))
  }

  it('sends a small answer a route returns as a value as it is, with its length, when the client asked for an encoding', async () => {
    // GET / (the project) returns an object (h3 would serialise it); the compression step serialises it when asked.
    const asked = await get('/', 'gzip, br')
    expect(asked.headers.get('content-encoding')).toBeNull()
    const body = await asked.text()
    expect(body.length).toBeLessThan(COMPRESS_MIN)
    expect(asked.headers.get('content-length')).toBe(String(Buffer.byteLength(body)))
    expect(asked.status).toBe(200)
    expect(JSON.parse(body)).toEqual(JSON.parse(await (await get('/')).text()))
  })

  it('sends a JSON answer of 10 KB or more as br or gzip when asked, byte-identical once decoded', async () => {
    // 60 articles, 30 of them published: what an anonymous read sees.
    const plain = await get('/articles?paginate=60')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(COMPRESS_MIN)
    const br = await get('/articles?paginate=60', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(text.length / 4)
    expect(brotliDecompressSync(brBytes).toString()).toBe(text)
    const gz = await get('/articles?paginate=60', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text)
  })

  it('never compresses for a client that did not ask, nor a small answer, nor a q=0 refusal', async () => {
    for (const encoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/articles?paginate=60', encoding)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(JSON.parse(await res.text()).data).toHaveLength(30)
    }
    const small = await get('/articles?paginate=1', 'br')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect((await small.text()).length).toBeLessThan(COMPRESS_MIN)
  })

  it('compresses large answers of any JSON route (the OpenAPI document, a plain object answer)', async () => {
    const res = await get('/openapi.json', 'br')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-type')).toMatch(/json/)
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).openapi).toMatch(/^3\./)
  })

  it('answers GET /favicon.ico with an icon, without a project header, cached for long', async () => {
    const res = await app.fetch(new Request('http://127.0.0.1/favicon.ico'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/x-icon')
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d{6,}/)
    const bytes = Buffer.from(await res.arrayBuffer())
    // An ICO header (reserved 0, type 1 = icon, one image) holding a PNG.
    expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0])
    expect(bytes.subarray(22, 26).toString('latin1')).toBe('\x89PNG')
  })
})
