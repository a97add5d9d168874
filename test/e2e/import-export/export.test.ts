import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { cms } from '../../helpers/cli.ts'
import { richTemplate } from '../codegen/fixture.ts'

interface Manifest { files: Array<{ file: string; source: string; etag: string; bytes: number }> }

describe('cms export', () => {
  let project: TempProject
  let server: TestServer
  let out: string
  let manifest: Manifest
  let summary: Record<string, number>

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await startTestServer(project.contentDir)
    out = join(project.dir, 'public', 'api')
    // The export is made with the server's origin, so pagination links are the same bytes.
    const result = await cms(['export', '--dir', project.contentDir, '--out', out, '--paginate', '1', '--base-url', server.url, '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    summary = JSON.parse(result.stdout) as Record<string, number>
    manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('writes the documented files', () => {
    const files = manifest.files.map((f) => f.file)
    for (const f of ['index.json', 'collections.json', 'collections/articles.json', 'articles.en.json', 'articles.de.json', 'settings.en.json', 'settings.de.json', 'articles.en.page-1.json', 'articles.en.page-2.json']) {
      expect(files).toContain(f)
    }
    expect(files.filter((f) => f.startsWith('articles/')).length).toBe(3) // the three published articles
    expect(files.filter((f) => f.startsWith('settings/')).length).toBe(2)
    expect(summary.files).toBe(manifest.files.length)
  })

  it('every file it lists equals the server\'s answer to its source query, byte for byte', async () => {
    expect(manifest.files.length).toBeGreaterThan(20)
    for (const entry of manifest.files) {
      const body = await readFile(join(out, entry.file), 'utf8')
      const response = await server.request(entry.source)
      expect(response.status, entry.source).toBe(200)
      expect(body, entry.file).toBe(await response.text())
      expect(Buffer.byteLength(body)).toBe(entry.bytes)
      expect(entry.etag).toMatch(/^"[\w-]{27}"$/)
    }
  })

  it('lists every file it wrote, and refuses a folder that holds something else', async () => {
    const walk = async (dir: string, prefix = ''): Promise<string[]> => (await Promise.all((await readdir(dir, { withFileTypes: true })).map((d) => (d.isDirectory() ? walk(join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`])))).flat()
    const onDisk = (await walk(out)).filter((f) => f !== 'manifest.json' && f !== '.cms-export.json').sort()
    expect(onDisk).toEqual(manifest.files.map((f) => f.file).sort())

    const other = join(project.dir, 'site')
    await mkdir(other)
    await writeFile(join(other, 'keep.html'), '<p>mine</p>')
    const refused = await cms(['export', '--dir', project.contentDir, '--out', other])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/not empty/)
    expect(await readFile(join(other, 'keep.html'), 'utf8')).toBe('<p>mine</p>')
    const bad = await cms(['export', '--dir', project.contentDir, '--out', join(project.dir, 'x'), '--paginate', 'zero'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/--paginate/)
  }, 60_000)
})
