import { afterEach, describe, expect, it } from 'vitest'
import { readFile, writeFile, readdir, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { ContentStore } from '../../../src/storage/store.ts'
import { serializeEntry } from '../../../src/storage/codec.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

let project: TempProject
afterEach(async () => project?.cleanup())

describe('content store', () => {
  it('loads the project, collections and entries into the index', async () => {
    project = await makeProject(blogTemplate())
    const store = await ContentStore.open(project.contentDir)
    expect(store.project.uuid).toBe(project.projectId)
    expect([...store.collections.keys()].sort()).toEqual(['articles', 'authors', 'categories', 'settings'])
    expect(store.collection('articles')!.entries.size).toBe(4)
    expect(store.problems.size).toBe(0)
  })

  it('rewrites an unchanged entry byte-identically', async () => {
    project = await makeProject(blogTemplate())
    const store = await ContentStore.open(project.contentDir)
    const index = store.collection('articles')!
    for (const entry of index.entries.values()) {
      const path = store.layout.entry('articles', entry.uuid)
      const before = await readFile(path, 'utf8')
      expect(serializeEntry(entry, index.collection)).toBe(before)
      await store.putEntry('articles', { ...entry }, 'cli')
      expect(await readFile(path, 'utf8')).toBe(before)
    }
  })

  it('writes canonical JSON: fixed envelope order, schema field order, 2 spaces, trailing newline', async () => {
    project = await makeProject(blogTemplate())
    const store = await ContentStore.open(project.contentDir)
    const index = store.collection('articles')!
    const entry = [...index.entries.values()][0]!
    // Keys given in reverse order come out in schema order.
    const reversed = Object.fromEntries(Object.entries(entry.fields).reverse())
    await store.putEntry('articles', { ...entry, fields: reversed }, 'cli')
    const text = await readFile(store.layout.entry('articles', entry.uuid), 'utf8')
    expect(text.endsWith('}\n')).toBe(true)
    expect(Object.keys(JSON.parse(text))).toEqual(['uuid', 'locale', 'translation_group', 'created_at', 'updated_at', 'published_at', 'published_version', 'deleted_at', 'fields', 'published'])
    const order = index.collection.fields.map((f) => f.name).filter((n) => n in entry.fields)
    expect(Object.keys(JSON.parse(text).fields)).toEqual(order)
    expect(text).toContain('\n  "uuid"')
  })

  it('removes stale temp files left by a crashed writer at start', async () => {
    project = await makeProject(blogTemplate())
    const dir = join(project.contentDir, 'entries', 'articles')
    await writeFile(join(dir, '.x.json.cms-tmp-deadbeef'), '{"half":')
    await ContentStore.open(project.contentDir)
    expect((await readdir(dir)).some((n) => n.includes('.cms-tmp-'))).toBe(false)
  })

  it('names the file, line and problem of a broken project.yaml', async () => {
    project = await makeProject(blogTemplate())
    await writeFile(join(project.contentDir, 'project.yaml'), 'uuid: x\nname: [unclosed\n')
    await expect(ContentStore.open(project.contentDir)).rejects.toThrow(/project\.yaml:\d+: YAML syntax error/)
  })

  it('names the key at fault when project.yaml breaks its schema', async () => {
    project = await makeProject(blogTemplate())
    const path = join(project.contentDir, 'project.yaml')
    await writeFile(path, (await readFile(path, 'utf8')).replace('api: public', 'api: sometimes'))
    await expect(ContentStore.open(project.contentDir)).rejects.toThrow(/project\.yaml(?::\d+)?: api must be one of "public", "private"/)
  })

  it('reports a broken collection file with its line and keeps serving the others', async () => {
    project = await makeProject(blogTemplate())
    await writeFile(join(project.contentDir, 'collections', 'authors.yaml'), 'name: Authors\nfields:\n  - name: x\n   type: text\n')
    const problems: string[] = []
    const store = await ContentStore.open(project.contentDir, { onProblem: (p) => problems.push(`${p.file}:${p.line}: ${p.message}`) })
    expect(problems.some((p) => p.startsWith('collections/authors.yaml:4'))).toBe(true)
    expect(store.collection('authors')).toBeUndefined()
    expect(store.collection('articles')!.entries.size).toBe(4)
  })

  it('reports an entry with broken JSON by line and column and loads the rest', async () => {
    project = await makeProject(blogTemplate())
    const dir = join(project.contentDir, 'entries', 'articles')
    const [first] = await readdir(dir)
    await writeFile(join(dir, first!), '{\n  "uuid": "oops",\n  "locale": \n}\n')
    const problems: Array<{ file: string; line?: number }> = []
    const store = await ContentStore.open(project.contentDir, { onProblem: (p) => problems.push(p) })
    expect(problems).toHaveLength(1)
    expect(problems[0]!.file).toBe(`entries/articles/${first}`)
    expect(problems[0]!.line).toBe(4)
    expect(store.collection('articles')!.entries.size).toBe(3)
  })

  it('refuses a missing project with a message that says what to do', async () => {
    project = await makeProject(blogTemplate())
    const empty = join(project.dir, 'empty')
    await mkdir(empty)
    await expect(ContentStore.open(empty)).rejects.toThrow(/project\.yaml is missing.*cms init/)
  })
})
