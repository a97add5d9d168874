import { afterEach, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importTemplate } from '../../../src/import/template.ts'
import { cms } from '../../helpers/cli.ts'
import { entryFiles, manyArticles } from '../../helpers/many-articles.ts'
import { snapshotTree } from '../../helpers/tree.ts'

/**
 * Issue 18: `cms import` read the whole template into one string and failed past ~520k
 * entries ("Invalid string length"). It now streams the template in two passes; these tests
 * pin what the streaming must keep: a bad template, wherever its fault, is named with its byte
 * position and leaves the content root as it was; ids resolve whatever the key order.
 */
const blog = fileURLToPath(new URL('../../fixtures/blog-template.json', import.meta.url))
let dir: string | undefined
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }) })


describe('cms import streams the template', () => {
  it('a truncated or malformed large template gives an error naming the file and byte, and leaves the content root untouched', { timeout: 120_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-stream-'))
    const content = join(dir, 'content')
    expect((await cms(['import', blog, '--dir', content])).code).toBe(0)
    const before = await snapshotTree(content)
    // Several MB: the faults below lie past the parser's first 1 MB chunk.
    const text = JSON.stringify(manyArticles(8000))
    expect(text.length).toBeGreaterThan(2.5 * (1 << 20))

    const truncated = join(dir, 'truncated.json')
    await writeFile(truncated, text.slice(0, Math.floor(text.length * 0.8)))
    const cut = await cms(['import', truncated, '--dir', content, '--force'])
    expect(cut.code).toBe(1)
    expect(cut.stderr).toContain(truncated)
    expect(cut.stderr).toMatch(/ends early, at byte \d+/)
    expect(cut.stderr).not.toMatch(/\n\s+at /) // no stack trace

    const malformed = join(dir, 'malformed.json')
    const fault = text.indexOf('"id":"a6000"')
    expect(fault).toBeGreaterThan(2 << 20)
    await writeFile(malformed, `${text.slice(0, fault)},,${text.slice(fault)}`)
    const bad = await cms(['import', malformed, '--dir', content, '--force'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(malformed)
    const at = Number(/does not parse near byte (\d+)/.exec(bad.stderr)?.[1])
    expect(Math.abs(at - fault)).toBeLessThan(64)

    const notObject = join(dir, 'entry.json')
    await writeFile(notObject, text.replace('{"id":"a7000"', '42,{"id":"a7000"'))
    const odd = await cms(['import', notObject, '--dir', content, '--force'])
    expect(odd.code).toBe(1)
    expect(odd.stderr).toMatch(/demo_data\[1\]\.entries\[7000\] is not an object/)

    // Nothing was written for any of them: the faults are found by the first pass, before the
    // staging folder exists, and nothing of it is left beside the content root.
    expect(await snapshotTree(content)).toEqual(before)
    expect((await readdir(dir)).filter((n) => n.includes('.cms-import-') || n.includes('.cms-replaced-'))).toEqual([])

    const empty = join(dir, 'empty.json')
    await writeFile(empty, '')
    const none = await cms(['import', empty, '--dir', join(dir, 'fresh')])
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/is empty/)
    const list = join(dir, 'list.json')
    await writeFile(list, '[{"collections": []}]')
    const wrong = await cms(['import', list, '--dir', join(dir, 'fresh')])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/expected a JSON object/)
    expect(existsSync(join(dir, 'fresh', 'project.yaml'))).toBe(false)
  })

  it('resolves relations to entries further down, whatever order the keys come in', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-stream-'))
    const t = manyArticles(3)
    // demo_data before collections, a group's "collection" after its entries, notes naming
    // articles that come later in the file, and an id used twice (the last entry wins).
    const notes = { entries: [{ id: 'n1', locale: 'en', state: 'draft', fields: { about: ['a2', 'a0', 'missing'] } }], collection: 'notes' }
    const data = [notes, ...(t.demo_data as Array<{ collection: string; entries: Array<{ id: string }> }>)]
    data[2]!.entries.push({ ...data[2]!.entries[0]!, id: 'a0', fields: { title: 'Second a0' } } as never)
    const file = join(dir, 't.json')
    const { demo_data: _, ...header } = t
    await writeFile(file, JSON.stringify({ demo_data: data, ...header }))
    const raw = await readFile(file, 'utf8')
    expect(raw.indexOf('"demo_data"')).toBeLessThan(raw.indexOf('"collections"'))
    const summary = await importTemplate(file, join(dir, 'content'))
    expect(summary.entries).toBe(1 + 1 + 4)
    expect(summary.warnings.some((w) => w.includes('"missing"'))).toBe(true)
    const articles = await entryFiles(join(dir, 'content'), 'articles')
    const byTitle = new Map(articles.map((a) => [a.fields.title, a.uuid]))
    const [note] = await entryFiles(join(dir, 'content'), 'notes')
    expect(note!.fields.about).toEqual([byTitle.get('Article 2'), byTitle.get('Second a0')])
    expect(new Set(articles.map((a) => a.uuid)).size).toBe(4)
    expect((await stat(join(dir, 'content', 'project.yaml'))).isFile()).toBe(true)
  })
})
