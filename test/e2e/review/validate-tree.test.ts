// End-to-end, not unit: two of these compare the report with the built worker threads' (dist/review/validate.js).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdir, writeFile, readFile, readdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { validateTree, type Problem } from '../../../src/review/validate.ts'
import { formatValidateReport } from '../../../src/review/format-problems.ts'
import { serializeEntry, serializeVersion } from '../../../src/storage/codec.ts'
import type { EntryRecord } from '../../../src/core/types.ts'
import { validateTemplate as template } from '../../helpers/review-trees.ts'

let project: TempProject
beforeEach(async () => { project = await makeProject(template()) })
afterEach(async () => { await project.cleanup() })

const uuidN = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const entry = (n: number, fields: Record<string, unknown>, extra: Partial<EntryRecord> = {}): EntryRecord => ({
  uuid: uuidN(n), locale: 'en', translation_group: null, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
  published_at: null, published_version: null, deleted_at: null, fields, published: null, ...extra,
})
const put = async (rel: string, text: string) => {
  await mkdir(join(project.contentDir, rel, '..'), { recursive: true })
  await writeFile(join(project.contentDir, rel), text)
}
const firstUuid = async (slug: string) => (await readdir(join(project.contentDir, 'entries', slug)))[0]!.slice(0, -5)
const find = (problems: Problem[], rule: string, file?: string | RegExp) => problems.filter((p) => p.rule === rule && (file === undefined || (typeof file === 'string' ? p.file === file : file.test(p.file))))

describe('cms validate', () => {
  it('a freshly imported tree is clean', async () => {
    const report = await validateTree(project.contentDir)
    expect(report.problems).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.entries).toBe(4)
  })

  it('reports every problem kind with file and line', async () => {
    const author = await firstUuid('authors')
    const tag = await firstUuid('tags')
    // parse error in an entry (JSON) and in a config file (YAML)
    await put(`entries/posts/${uuidN(1)}.json`, '{\n  "uuid": "x",\n  "fields": {,\n}\n')
    await put(`webhooks/${uuidN(2)}.yaml`, 'name: hook\nurl: [unclosed\n')
    // config file against its JSON Schema
    await put('tokens.yaml', 'tokens:\n  - name: ci\n    abilities: [read, fly]\n    hash: nothex\n')
    // unique: same slug as the imported post, same locale
    await put(`entries/posts/${uuidN(3)}.json`, serializeEntry(entry(3, { title: 'Dup', slug: 'hello' })))
    // references: missing entry, entry in the wrong collection, missing asset
    await put(`entries/posts/${uuidN(4)}.json`, serializeEntry(entry(4, { title: 'Refs', slug: 'refs', author: uuidN(999), cover: uuidN(998) })))
    await put(`entries/posts/${uuidN(5)}.json`, serializeEntry(entry(5, { title: 'Wrong', slug: 'wrong', author: tag })))
    // singleton: a second English settings entry
    await put(`entries/settings/${uuidN(6)}.json`, serializeEntry(entry(6, { site: 'Other' })))
    // translation group with two English entries
    await put(`entries/authors/${uuidN(7)}.json`, serializeEntry(entry(7, { name: 'B' }, { translation_group: uuidN(100) })))
    await put(`entries/authors/${uuidN(8)}.json`, serializeEntry(entry(8, { name: 'C' }, { translation_group: uuidN(100) })))
    // version that belongs to no entry
    await put(`versions/posts/${uuidN(9)}/1.json`, serializeVersion({ uuid: uuidN(10), entry_uuid: uuidN(9), version_number: 1, label: null, description: null, locale: 'en', translation_group: null, published_at: '2025-01-01T00:00:00.000Z', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', fields: {} }))
    // files in the wrong place
    await put('entries/posts/notes.txt', 'hello\n')
    await put('stray.json', '{}\n')
    await put(`entries/ghosts/${uuidN(11)}.json`, serializeEntry(entry(11, {})))
    // non-canonical formatting: valid JSON, 4-space indent
    const authorFile = `entries/authors/${author}.json`
    await writeFile(join(project.contentDir, authorFile), JSON.stringify(JSON.parse(await readFile(join(project.contentDir, authorFile), 'utf8')), null, 4))

    const report = await validateTree(project.contentDir)
    expect(report.ok).toBe(false)
    const p = report.problems
    for (const problem of p) {
      expect(problem.file).not.toMatch(/^\//)
      expect(problem.line).toBeGreaterThanOrEqual(1)
    }
    const parseJson = find(p, 'parse', `entries/posts/${uuidN(1)}.json`)[0]!
    expect(parseJson).toMatchObject({ line: 3, column: expect.any(Number) })
    expect(find(p, 'parse', `webhooks/${uuidN(2)}.yaml`)).toHaveLength(1)
    expect(find(p, 'schema', 'tokens.yaml')[0]!.message).toMatch(/abilities/)
    const unique = find(p, 'unique', `entries/posts/${uuidN(3)}.json`)[0]!
    expect(unique.message).toMatch(/slug/)
    expect(unique.line).toBe(11) // the "slug" line inside "fields"
    const refs = find(p, 'reference', `entries/posts/${uuidN(4)}.json`).map((x) => x.message)
    expect(refs).toEqual(expect.arrayContaining([expect.stringMatching(/author.*does not exist/), expect.stringMatching(/cover.*asset.*does not exist/)]))
    expect(find(p, 'reference', `entries/posts/${uuidN(5)}.json`)[0]!.message).toMatch(/in "tags", but the field points at "authors"/)
    expect(find(p, 'singleton', /^entries\/settings\//)).toHaveLength(1)
    expect(find(p, 'translation', /^entries\/authors\//)).toHaveLength(1)
    expect(find(p, 'orphan-version', `versions/posts/${uuidN(9)}/1.json`)).toHaveLength(1)
    expect(find(p, 'location', 'entries/posts/notes.txt')).toHaveLength(1)
    expect(find(p, 'location', 'stray.json')).toHaveLength(1)
    expect(find(p, 'location', `entries/ghosts/${uuidN(11)}.json`)[0]!.message).toMatch(/no collection "ghosts"/)
    expect(find(p, 'format', authorFile)[0]).toMatchObject({ line: 2 })

    // The same report when entries and versions are checked in worker threads (built code only).
    const built = await import(pathToFileURL(join(fileURLToPath(new URL('../../../dist/review/validate.js', import.meta.url)))).href) as typeof import('../../../src/review/validate.ts')
    expect(await built.validateTree(project.contentDir, { parallelFrom: 1 })).toEqual(report)

    const github = formatValidateReport(report, 'github', project.dir)
    expect(github).toContain(`::error file=content/entries/posts/${uuidN(3)}.json,line=11,title=cms validate (unique)::`)
    const text = formatValidateReport(report, 'text', project.dir)
    expect(text).toContain(`content/entries/posts/${uuidN(1)}.json:3:`)
  })

  it('reports stored values that break the schema (types, required, charcount, enumerations)', async () => {
    await put(`entries/posts/${uuidN(20)}.json`, serializeEntry(entry(20, { slug: 'a', views: 'many', kind: 'poem' })))
    await put(`entries/posts/${uuidN(21)}.json`, serializeEntry(entry(21, { title: 'A title that is far too long for the limit', slug: 'b' })))
    const p = (await validateTree(project.contentDir)).problems
    const first = find(p, 'field', `entries/posts/${uuidN(20)}.json`).map((x) => x.message).join('\n')
    expect(first).toMatch(/title/) // required
    expect(first).toMatch(/views/) // type
    expect(first).toMatch(/kind/) // enumeration
    expect(find(p, 'field', `entries/posts/${uuidN(21)}.json`).map((x) => x.message).join('\n')).toMatch(/title/) // charcount
  })

  it('uuids shared across collections, versions in the wrong collection, files of any size: the same report in worker threads', async () => {
    const post = await firstUuid('posts')
    // The post's uuid again in tags and in authors: the first path keeps it, the others are reported.
    await put(`entries/tags/${post}.json`, serializeEntry(entry(0, { label: 'same uuid' }, { uuid: post })))
    await put(`entries/authors/${post}.json`, serializeEntry(entry(0, { name: 'same uuid' }, { uuid: post })))
    // A version of the post filed under another collection, and a published version with no file.
    const version = (n: number, uuid: string) => serializeVersion({ uuid: uuidN(500 + n), entry_uuid: uuid, version_number: n, label: null, description: null, locale: 'en', translation_group: null, published_at: '2025-01-01T00:00:00.000Z', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', fields: {} })
    await put(`versions/tags/${post}/1.json`, version(1, post))
    await put(`entries/posts/${uuidN(40)}.json`, serializeEntry(entry(40, { title: 'Gone', slug: 'gone' }, { published: { title: 'Gone', slug: 'gone' }, published_version: 2, published_at: '2025-01-01T00:00:00.000Z' })))
    // Files larger than the read buffer (64 KiB): one canonical, one not.
    await put(`entries/tags/${uuidN(41)}.json`, serializeEntry(entry(41, { label: 'x'.repeat(200_000) })))
    await put(`entries/tags/${uuidN(42)}.json`, `${JSON.stringify(entry(42, { label: 'y'.repeat(200_000) }), null, 2)}\n`.replace('"fields": {\n', '"fields": {\n\n'))
    // Stray files and folders inside the bulk folders.
    await put(`versions/posts/${post}/notes.txt`, 'x\n')
    await put(`entries/posts/drafts/${uuidN(43)}.json`, '{}\n')
    await put('versions/posts/loose.json', '{}\n')

    const report = await validateTree(project.contentDir)
    const p = report.problems
    expect(find(p, 'unique', new RegExp(`^entries/[a-z]+/${post}\\.json$`)).map((x) => [x.file, x.message])).toEqual([
      [`entries/posts/${post}.json`, `entry uuid also used by entries/authors/${post}.json`],
      [`entries/tags/${post}.json`, `entry uuid also used by entries/authors/${post}.json`],
    ])
    expect(find(p, 'orphan-version', `versions/tags/${post}/1.json`)).toHaveLength(1)
    expect(find(p, 'version', `entries/posts/${uuidN(40)}.json`)[0]!.message).toMatch(/published_version 2 has no file/)
    expect(find(p, 'format', `entries/tags/${uuidN(41)}.json`)).toEqual([])
    expect(find(p, 'format', `entries/tags/${uuidN(42)}.json`)).toEqual([{ file: `entries/tags/${uuidN(42)}.json`, line: 11, rule: 'format', message: 'not in canonical form (run `cms fmt`)' }])
    for (const stray of [`versions/posts/${post}/notes.txt`, `entries/posts/drafts/${uuidN(43)}.json`, 'versions/posts/loose.json']) expect(find(p, 'location', stray)).toHaveLength(1)

    const built = await import(pathToFileURL(join(fileURLToPath(new URL('../../../dist/review/validate.js', import.meta.url)))).href) as typeof import('../../../src/review/validate.ts')
    for (const threads of [2, 3]) expect(await built.validateTree(project.contentDir, { parallelFrom: 1, threads })).toEqual(report)
  })

  it('never writes: the tree is byte-identical after a run with problems', async () => {
    const authorFile = join(project.contentDir, 'entries/authors', `${await firstUuid('authors')}.json`)
    const messy = JSON.stringify(JSON.parse(await readFile(authorFile, 'utf8')))
    await writeFile(authorFile, messy)
    await validateTree(project.contentDir)
    expect(await readFile(authorFile, 'utf8')).toBe(messy)
  })
})

describe('cms validate on imported fixtures', () => {
  const shared = fileURLToPath(new URL('../../../../shared/fixtures/elmapi/', import.meta.url))
  const files = [
    fileURLToPath(new URL('../../fixtures/blog-template.json', import.meta.url)),
    ...['pagination-example.json', 'translations-example.json'].map((f) => join(shared, f)).filter((f) => existsSync(f)),
  ]
  for (const file of files) {
    it(`exits 0 on ${file.split('/').pop()}`, async () => {
      const template = JSON.parse(await readFile(file, 'utf8'))
      const imported = await makeProject(template)
      try {
        const report = await validateTree(imported.contentDir)
        expect(report.problems).toEqual([])
      } finally {
        await imported.cleanup()
      }
    })
  }
})
