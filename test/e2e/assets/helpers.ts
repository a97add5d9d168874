import { deflateSync } from 'node:zlib'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/** A project with a media field (single and multiple) and a token holding every ability. */
export async function assetProject(env: Record<string, string> = {}): Promise<{ project: TempProject; server: TestServer; token: string; readOnlyToken: string }> {
  const project = await makeProject({
    name: 'Assets test', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{
      name: 'Posts', slug: 'posts',
      fields: [
        field('title', 'text'),
        field('cover', 'media', { options: { media: { type: 1 } } }),
        field('gallery', 'media', { options: { media: { type: 2 }, multiple: true } }),
      ],
    }],
  })
  const server = await startTestServer(project.contentDir, { env })
  const { token } = await createToken(server.ctx.store, { name: 'all', abilities: ['read', 'create', 'update', 'delete'] })
  const { token: readOnlyToken } = await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })
  return { project, server, token, readOnlyToken }
}

/** A real, decodable PNG of `width`×`height` (grey pixels), built by hand. */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80)
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A minimal valid one-page PDF. */
export function makePdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1')
}

/** An ELF executable header: a type no allow-list accepts. */
export function makeElf(): Buffer {
  const b = Buffer.alloc(256)
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b)
  return b
}

export function form(files: Array<{ field?: string; name: string; bytes: Buffer | string; type?: string }>, fields: Record<string, string> = {}): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.append(k, v)
  for (const f of files) fd.append(f.field ?? 'file', new Blob([f.bytes], { type: f.type ?? 'application/octet-stream' }), f.name)
  return fd
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
