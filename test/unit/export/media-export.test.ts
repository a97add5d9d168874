import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { addAssetFromPath } from '../../../src/service/assets/manage.ts'
import { createEntry } from '../../../src/service/entries/write.ts'
import { openContent } from '../../../src/reader/index.ts'
import { exportStatic } from '../../../src/export/static-api.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/** `cms export` with `media: {widths, formats}` (docs/media.md): files beside the JSON, URLs pointing at them. */
let project: TempProject
let out: string
let uuid: string

beforeAll(async () => {
  project = await makeProject({
    name: 'Export media', default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text'), field('cover', 'media', { options: { media: { type: 1 } } })] }],
  })
  const yaml = join(project.contentDir, 'project.yaml')
  await writeFile(yaml, `${await readFile(yaml, 'utf8')}media:\n  widths: [200, 500, 5000]\n  formats: [webp, avif]\n`)
  const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'cli' })
  const image = join(project.dir, 'cover.jpg')
  await writeFile(image, await sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 40, g: 90, b: 200 } } }).jpeg().toBuffer())
  uuid = (await addAssetFromPath(ctx, image)).uuid
  await createEntry(ctx, 'posts', { data: { title: 'Hi', cover: uuid }, state: 'published' })
  await ctx.close()
  out = await mkdtemp(join(tmpdir(), 'cms-export-media-'))
  await rm(out, { recursive: true })
  const reader = await openContent(project.contentDir, { baseUrl: 'https://site.example' })
  await exportStatic(reader, out)
  await reader.close()
})

afterAll(async () => {
  await project?.cleanup()
  await rm(out, { recursive: true, force: true })
})

describe('cms export with media', () => {
  it('writes the original, the thumbnail and each asked width and format no wider than the original', async () => {
    const posts = JSON.parse(await readFile(join(out, 'posts.en.json'), 'utf8')) as Array<{ fields: { cover: Record<string, any> } }>
    const cover = posts[0]!.fields.cover
    expect(cover.url).toBe(`https://site.example/files/${uuid}/cover.jpg`)
    expect(cover.thumbnail_url).toBe(`https://site.example/files/${uuid}/thumbnail.webp`)
    expect(cover.derivatives.map((d: { width: number; format: string }) => `${d.width}.${d.format}`)).toEqual(['200.webp', '200.avif', '500.webp', '500.avif'])
    for (const url of [cover.url, cover.thumbnail_url, ...cover.derivatives.map((d: { url: string }) => d.url)]) {
      const file = join(out, new URL(url as string).pathname)
      expect((await stat(file)).size, url).toBeGreaterThan(0)
    }
    const d500 = cover.derivatives.find((d: { width: number; format: string }) => d.width === 500 && d.format === 'avif')
    const meta = await sharp(join(out, new URL(d500.url as string).pathname)).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([500, 250, 'heif'])
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { files: Array<{ file: string }> }
    expect(manifest.files.map((f) => f.file)).toContain(`files/${uuid}/w500.avif`)
  })
})
