import { afterEach, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importTemplate } from '../../../src/import/template.ts'
import { ContentStore } from '../../../src/storage/store.ts'

/** A template big enough that its entries are written by worker threads in parallel batches. */
function bigTemplate(n: number) {
  const field = (name: string, type: string) => ({ type, label: name, name, options: {}, validations: {} })
  return {
    name: 'Big', locales: ['en', 'fr'], default_locale: 'en', public_api: true,
    collections: [{ name: 'Notes', slug: 'notes', fields: [field('title', 'text'), field('views', 'number')] }],
    demo_data: [{ collection: 'notes', entries: Array.from({ length: n }, (_, i) => ({ id: `n${i}`, locale: i % 3 ? 'en' : 'fr', status: i % 2 ? 'published' : 'draft', fields: { title: `Note ${i}`, views: i } })) }],
  }
}

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

describe('cms import of a large template (parallel batches)', () => {
  it('writes every entry and version once, whole, and nothing else', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-big-'))
    const n = 2500
    await writeFile(join(dir, 'template.json'), JSON.stringify(bigTemplate(n)))
    const progress: number[] = []
    const summary = await importTemplate(join(dir, 'template.json'), join(dir, 'content'), { onProgress: (done) => progress.push(done) })
    expect(summary.entries).toBe(n)
    expect(summary.published).toBe(n / 2)
    expect(progress.at(-1)).toBe(n)
    const entries = await readdir(join(dir, 'content', 'entries', 'notes'))
    expect(entries).toHaveLength(n)
    // No temp files or staging leftovers: exactly the content root beside the template.
    expect((await readdir(dir)).filter((name) => name.startsWith('.content'))).toEqual([])
    expect((await readdir(join(dir, 'content', 'entries', 'notes'))).filter((name) => !name.endsWith('.json'))).toEqual([])
    const versions = await readdir(join(dir, 'content', 'versions', 'notes'))
    expect(versions).toHaveLength(n / 2)
    for (const name of entries.slice(0, 200)) JSON.parse(await readFile(join(dir, 'content', 'entries', 'notes', name), 'utf8'))
    // The store loads every file the import wrote, with no problem reported.
    const store = await ContentStore.open(join(dir, 'content'))
    expect(store.problems.size).toBe(0)
    expect(store.collection('notes')!.entries.size).toBe(n)
  })

  it('runs from a program started with --input-type=module (a site build calling the built package)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-esm-'))
    await writeFile(join(dir, 'template.json'), JSON.stringify(bigTemplate(2100)))
    const { execFileSync } = await import('node:child_process')
    const dist = new URL('../../../dist/import/template.js', import.meta.url).href
    const code = `import { importTemplate } from ${JSON.stringify(dist)}; const s = await importTemplate(${JSON.stringify(join(dir, 'template.json'))}, ${JSON.stringify(join(dir, 'content'))}); console.log(s.entries)`
    // Before: the eval'd worker was parsed as an ES module there and died on \`require\`.
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }).trim()).toBe('2100')
    expect(await readdir(join(dir, 'content', 'entries', 'notes'))).toHaveLength(2100)
  })
})
