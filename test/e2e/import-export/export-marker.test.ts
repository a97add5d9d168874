import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms } from '../../helpers/cli.ts'
import { richTemplate } from '../codegen/fixture.ts'
import { openContent, type ContentReader } from '../../../src/reader/index.ts'
import { EXPORT_MARKER, exportStatic } from '../../../src/export/static-api.ts'

interface Marker { generator: string; files?: string[]; keep?: string[] }

/** `cms export --out DIR` removes or replaces only what an earlier export wrote, as its marker lists. */
describe('cms export: the folder it replaces', () => {
  let project: TempProject
  let reader: ContentReader
  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    reader = await openContent(project.contentDir)
  }, 30_000)
  afterAll(async () => {
    await reader?.close()
    await project?.cleanup()
  })

  const marker = async (dir: string) => JSON.parse(await readFile(join(dir, EXPORT_MARKER), 'utf8')) as Marker
  const site = async (name: string) => {
    const dir = join(project.dir, name)
    await mkdir(join(dir, 'img'), { recursive: true })
    await writeFile(join(dir, 'index.html'), '<p>mine</p>')
    await writeFile(join(dir, 'img', 'logo.svg'), '<svg/>')
    await writeFile(join(dir, 'manifest.json'), '{"name":"my site","icons":[]}')
    return dir
  }

  it('refuses a site folder that holds a manifest.json of its own, naming the folder; nothing is removed', async () => {
    const dir = await site('public')
    const refused = await cms(['export', '--dir', project.contentDir, '--out', dir])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(dir)
    expect(refused.stderr).toContain(EXPORT_MARKER)
    expect((await readdir(dir)).sort()).toEqual(['img', 'index.html', 'manifest.json'])
    expect(await readFile(join(dir, 'manifest.json'), 'utf8')).toBe('{"name":"my site","icons":[]}')
    expect(await readFile(join(dir, 'img', 'logo.svg'), 'utf8')).toBe('<svg/>')
    // The same through the library call.
    await expect(exportStatic(reader, join(dir, 'img'))).rejects.toThrow(/holds no \.cms-export\.json/)
  }, 30_000)

  it('writes a marker listing every file it wrote; a later export replaces those and keeps the rest', async () => {
    const out = join(project.dir, 'api')
    const first = await cms(['export', '--dir', project.contentDir, '--out', out])
    expect(first.code).toBe(0)
    const listed = (await marker(out)).files!
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { files: Array<{ file: string }> }
    expect(listed).toEqual([...manifest.files.map((f) => f.file), 'manifest.json'].sort())

    // A file of someone else's beside the export, and a stale one the marker lists.
    await writeFile(join(out, 'README.txt'), 'hand-written')
    await writeFile(join(out, 'articles', 'notes.txt'), 'mine too')
    await writeFile(join(out, 'gone.en.json'), '[]')
    await writeFile(join(out, EXPORT_MARKER), JSON.stringify({ generator: 'cms export', files: [...listed, 'gone.en.json'] }))
    await exportStatic(reader, out)
    const files = await readdir(out)
    expect(files).toContain('README.txt')
    expect(files).not.toContain('gone.en.json')
    expect(await readFile(join(out, 'articles', 'notes.txt'), 'utf8')).toBe('mine too')
    expect((await marker(out)).files).toEqual(listed)
  }, 30_000)

  it('refuses an export made before the marker, saying what to do', async () => {
    const out = join(project.dir, 'old-export')
    await exportStatic(reader, out)
    const { rm } = await import('node:fs/promises')
    await rm(join(out, EXPORT_MARKER))
    const refused = await cms(['export', '--dir', project.contentDir, '--out', out, '--json'])
    expect(refused.code).toBe(1)
    const message = (JSON.parse(refused.stdout) as { error: { message: string } }).error.message
    expect(message).toContain(out)
    expect(message).toMatch(/delete .* yourself and export again/)
    expect(await readdir(out)).toContain('index.json')
  }, 30_000)

  it('never replaces a file the marker does not list, nor follows a link out of the folder', async () => {
    const out = join(project.dir, 'api-2')
    await exportStatic(reader, out)
    const listed = (await marker(out)).files!
    // index.json is not ours by the marker: it is someone's, and stays.
    await writeFile(join(out, 'index.json'), '{"mine":true}')
    await writeFile(join(out, EXPORT_MARKER), JSON.stringify({ generator: 'cms export', files: listed.filter((f) => f !== 'index.json') }))
    await expect(exportStatic(reader, out)).rejects.toThrow(/index\.json exists and was not written by cms export/)
    expect(await readFile(join(out, 'index.json'), 'utf8')).toBe('{"mine":true}')

    // A marker naming a path outside the folder is not ours.
    const outside = join(project.dir, 'outside.txt')
    await writeFile(outside, 'keep')
    const out3 = join(project.dir, 'api-3')
    await mkdir(out3)
    await writeFile(join(out3, EXPORT_MARKER), JSON.stringify({ generator: 'cms export', files: ['../outside.txt'] }))
    await expect(exportStatic(reader, out3)).rejects.toThrow(/is not a marker cms export wrote/)
    // A folder the marker names that is a link elsewhere: what it leads to stays.
    const elsewhere = join(project.dir, 'elsewhere')
    await mkdir(elsewhere)
    await writeFile(join(elsewhere, 'x.json'), 'keep')
    const out4 = join(project.dir, 'api-4')
    await mkdir(out4)
    await symlink(elsewhere, join(out4, 'articles'))
    await writeFile(join(out4, EXPORT_MARKER), JSON.stringify({ generator: 'cms export', files: ['articles/x.json'] }))
    await expect(exportStatic(reader, out4)).rejects.toThrow(/is a link, not a folder/)
    expect(await readFile(outside, 'utf8')).toBe('keep')
    expect(await readFile(join(elsewhere, 'x.json'), 'utf8')).toBe('keep')
  }, 30_000)

  it('after an export that stopped midway, the next one recognises the folder and keeps what was there before', async () => {
    const out = join(project.dir, 'api-5')
    await mkdir(join(out, 'articles'), { recursive: true })
    await writeFile(join(out, 'CNAME'), 'cdn.example.org')
    await writeFile(join(out, 'articles', 'half.json'), '{')
    // What a run leaves when it stops after its first files: the marker names what was not its own.
    await writeFile(join(out, EXPORT_MARKER), JSON.stringify({ generator: 'cms export', incomplete: true, keep: ['CNAME'] }))
    await exportStatic(reader, out)
    expect(await readFile(join(out, 'CNAME'), 'utf8')).toBe('cdn.example.org')
    expect(await readdir(join(out, 'articles'))).not.toContain('half.json')
    expect((await marker(out)).files).toContain('index.json')
  }, 30_000)
})
