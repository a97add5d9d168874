import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile, readdir } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { parse } from 'yaml'
import { assetProject, form, makeElf, makePdf, makePng } from './helpers.ts'
import type { TempProject } from '../../helpers/project.ts'
import type { TestServer } from '../../helpers/server.ts'

let project: TempProject
let server: TestServer
let token: string

beforeAll(async () => {
  ;({ project, server, token } = await assetProject())
})
afterAll(async () => {
  await server?.close()
  await project?.cleanup()
})

async function upload(files: Parameters<typeof form>[0], fields?: Record<string, string>, path = '/files') {
  return server.request(path, { method: 'POST', token, body: form(files, fields) })
}

describe('POST /files stores the bytes untouched and answers with the asset', () => {
  const cases = [
    { name: 'photo.png', bytes: makePng(37, 21), mime: 'image/png', width: 37, height: 21 },
    { name: 'report.pdf', bytes: makePdf(), mime: 'application/pdf', width: null, height: null },
    { name: 'notes.txt', bytes: Buffer.from('héllo, wörld\nsecond line\n'), mime: 'text/plain', width: null, height: null },
    { name: 'readme.md', bytes: Buffer.from('# Title\n\nbody\n'), mime: 'text/markdown', width: null, height: null },
  ]
  for (const c of cases) {
    it(`${c.mime}: byte-identical on disk and through the download route`, async () => {
      const res = await upload([{ name: c.name, bytes: c.bytes, type: 'application/octet-stream' }])
      expect(res.status).toBe(201)
      const asset = await res.json() as Record<string, any>
      expect(asset).toMatchObject({ filename: c.name, mime_type: c.mime, bytes: c.bytes.length, metadata: { width: c.width, height: c.height } })
      expect(asset.sha256).toBe(createHash('sha256').update(c.bytes).digest('hex'))
      // `v` is the content version: a URL that changes when the file does (docs/media.md).
      expect(asset.url).toMatch(new RegExp(`^${server.url}/files/${asset.uuid}/download\\?v=[0-9a-f]{12}$`))

      const onDisk = await readFile(join(project.contentDir, 'assets', asset.uuid, c.name))
      expect(onDisk.equals(c.bytes)).toBe(true)
      const meta = parse(await readFile(join(project.contentDir, 'assets', `${asset.uuid}.yaml`), 'utf8'))
      expect(meta).toMatchObject({ uuid: asset.uuid, original_filename: c.name, mime_type: c.mime, size: c.bytes.length, sha256: asset.sha256 })

      const dl = await server.request(`/files/${asset.uuid}/download`, { token })
      expect(dl.status).toBe(200)
      expect(dl.headers.get('content-type')).toContain(c.mime)
      expect(dl.headers.get('content-length')).toBe(String(c.bytes.length))
      expect(dl.headers.get('etag')).toBe(`"${asset.sha256}"`)
      expect(Buffer.from(await dl.arrayBuffer()).equals(c.bytes)).toBe(true)

      const again = await server.request(`/files/${asset.uuid}`, { token })
      expect(await again.json()).toEqual(asset)
      // No temp file is left in the asset folder.
      expect(await readdir(join(project.contentDir, 'assets', asset.uuid))).toEqual([c.name])
    })
  }

  it('keeps metadata sent with the upload and reports it in the YAML', async () => {
    const res = await upload([{ name: 'cover.png', bytes: makePng(4, 4) }], { metadata: JSON.stringify({ alt_text: 'A cover', title: 'Cover', unknown_key: 1 }) })
    expect(res.status).toBe(201)
    const asset = await res.json() as Record<string, any>
    expect(asset.metadata).toMatchObject({ alt_text: 'A cover', title: 'Cover', caption: null })
    const meta = parse(await readFile(join(project.contentDir, 'assets', `${asset.uuid}.yaml`), 'utf8'))
    expect(meta.alt_text).toBe('A cover')
  })

  it('uploads several files with /files/bulk/upload', async () => {
    const res = await upload([
      { field: 'files[]', name: 'a.png', bytes: makePng(2, 2) },
      { field: 'files[]', name: 'b.txt', bytes: 'bee' },
    ], { metadata: JSON.stringify([{ alt_text: 'first' }, { alt_text: 'second' }]) }, '/files/bulk/upload')
    expect(res.status).toBe(201)
    const body = await res.json() as { message: string; data: Array<Record<string, any>> }
    expect(body.message).toBe('Bulk assets uploaded successfully.')
    expect(body.data.map((a) => [a.filename, a.metadata.alt_text])).toEqual([['a.png', 'first'], ['b.txt', 'second']])
  })
})

describe('upload safety', () => {
  const countAssets = async () => (await readdir(join(project.contentDir, 'assets')).catch(() => [])).length

  it('refuses a type outside the allow-list with 422, judged by the bytes', async () => {
    const before = await countAssets()
    const res = await upload([{ name: 'tool', bytes: makeElf(), type: 'image/png' }])
    expect(res.status).toBe(422)
    const body = await res.json() as { message: string; errors: Record<string, string[]> }
    expect(body.errors.file?.[0]).toMatch(/not allowed/)
    expect(await countAssets()).toBe(before)
  })

  it('refuses a spoofed extension (an executable named .png, a PDF named .jpg, text named .pdf)', async () => {
    const before = await countAssets()
    for (const [name, bytes] of [['innocent.png', makeElf()], ['photo.jpg', makePdf()], ['doc.pdf', Buffer.from('just text')]] as const) {
      const res = await upload([{ name, bytes, type: 'image/png' }])
      expect(res.status, name).toBe(422)
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.file?.[0]).toBeTruthy()
    }
    expect(await countAssets()).toBe(before)
  })

  it('refuses binary bytes with no signature and an empty file', async () => {
    const res = await upload([{ name: 'blob.bin', bytes: Buffer.from([0, 1, 2, 3, 0, 255, 254]) }])
    expect(res.status).toBe(422)
    const empty = await upload([{ name: 'empty.txt', bytes: '' }])
    expect(empty.status).toBe(422)
  })

  it('sanitises the stored file name and keeps the original in the metadata', async () => {
    for (const nasty of ['../../etc/passwd:..?.txt', '..\\..\\windows\\win.ini.txt', '..', '.hidden.txt']) {
      const res = await upload([{ name: nasty, bytes: 'x' }])
      expect(res.status, nasty).toBe(201)
      const asset = await res.json() as Record<string, any>
      expect(asset.filename).toBe(nasty)
      expect(asset.stored_filename).not.toMatch(/[\\/\u0000-\u001f]|\.\.|^\./)
      expect(await readdir(join(project.contentDir, 'assets', asset.uuid))).toEqual([asset.stored_filename])
    }
    // Nothing escaped the asset folders.
    expect(await readdir(project.dir)).not.toContain('etc')
    expect(await readdir(project.contentDir)).not.toContain('etc')
    expect(await readdir(join(project.contentDir, 'assets'))).not.toContain('etc')
  })

  it('refuses a name with a NUL byte as a malformed request, storing nothing', async () => {
    const before = await countAssets()
    const res = await upload([{ name: 'pa\u0000ss.txt', bytes: 'x' }])
    expect([400, 201]).toContain(res.status)
    if (res.status === 201) expect(((await res.json()) as Record<string, string>).stored_filename).toBe('pass.txt')
    else expect(await countAssets()).toBe(before)
  })

  it('caps long names but keeps the extension', async () => {
    const res = await upload([{ name: `${'a'.repeat(400)}.txt`, bytes: 'x' }])
    const asset = await res.json() as Record<string, any>
    expect(asset.stored_filename.length).toBeLessThanOrEqual(120)
    expect(asset.stored_filename.endsWith('.txt')).toBe(true)
    expect(asset.filename).toBe(`${'a'.repeat(400)}.txt`)
  })

  it('rejects a non-multipart body with 415 and a missing file field with 422', async () => {
    const json = await server.request('/files', { method: 'POST', token, json: { file: 'x' } })
    expect(json.status).toBe(415)
    const none = await server.request('/files', { method: 'POST', token, body: form([], { title: 'x' }) })
    expect(none.status).toBe(422)
  })

  it('needs a token even on a public project, and the create ability', async () => {
    const anon = await server.request('/files', { method: 'POST', body: form([{ name: 'a.txt', bytes: 'a' }]) })
    expect(anon.status).toBe(401)
    const list = await server.request('/files')
    expect(list.status).toBe(401)
  })
})
