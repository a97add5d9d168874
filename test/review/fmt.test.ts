import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile, writeFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { makeProject, type TempProject } from '../helpers/project.ts'
import { formatTree } from '../../src/review/fmt.ts'
import { validateTree } from '../../src/review/validate.ts'
import { ContentStore } from '../../src/storage/store.ts'
import { blogTemplate, cms } from '../schema/fixture.ts'
import { snapshotTree } from '../helpers/tree.ts'

let project: TempProject
beforeEach(async () => { project = await makeProject(blogTemplate()) })
afterEach(async () => { await project.cleanup() })


/** Hand edits a person might make: other indentation, other key order, YAML flow style. */
async function mess(): Promise<string[]> {
  const root = project.contentDir
  const post = (await readdir(join(root, 'entries/posts')))[0]!
  const postRel = `entries/posts/${post}`
  const value = JSON.parse(await readFile(join(root, postRel), 'utf8'))
  const reordered = Object.fromEntries(Object.entries(value).reverse())
  reordered.fields = Object.fromEntries(Object.entries(value.fields).reverse())
  await writeFile(join(root, postRel), JSON.stringify(reordered, null, 4))
  const collection = parse(await readFile(join(root, 'collections/posts.yaml'), 'utf8'))
  await writeFile(join(root, 'collections/posts.yaml'), stringify({ fields: collection.fields, ...collection }, { indent: 4 }))
  const projectDoc = parse(await readFile(join(root, 'project.yaml'), 'utf8'))
  await writeFile(join(root, 'project.yaml'), stringify(projectDoc, { collectionStyle: 'flow' }))
  return [postRel, 'collections/posts.yaml', 'project.yaml'].sort()
}

describe('cms fmt', () => {
  it('--check lists the files that differ; fmt rewrites them; then --check is clean and a second fmt changes no byte', async () => {
    const messed = await mess()
    const check = await formatTree(project.contentDir, { check: true })
    expect(check.changed.sort()).toEqual(messed)
    const before = await snapshotTree(project.contentDir)
    expect(await snapshotTree(project.contentDir)).toEqual(before) // --check wrote nothing

    const run = await formatTree(project.contentDir)
    expect(run.changed.sort()).toEqual(messed)
    expect((await formatTree(project.contentDir, { check: true })).changed).toEqual([])
    const after = await snapshotTree(project.contentDir)
    await formatTree(project.contentDir)
    expect(await snapshotTree(project.contentDir)).toEqual(after)
    expect((await validateTree(project.contentDir)).problems.filter((p) => p.rule === 'format')).toEqual([])
  })

  it('writes exactly what the store writes', async () => {
    await mess()
    await formatTree(project.contentDir)
    const formatted = await snapshotTree(project.contentDir)
    const store = await ContentStore.open(project.contentDir, { onProblem: () => {} })
    for (const [slug, index] of store.collections) {
      await store.putCollection(index.collection, 'cli')
      for (const entry of index.entries.values()) await store.putEntry(slug, entry, 'cli')
    }
    await store.putProject(store.project, 'cli')
    await store.flush()
    expect(await snapshotTree(project.contentDir)).toEqual(formatted)
  })

  it('CLI: --check exits 1 and lists files; fmt exits 0; then --check exits 0', async () => {
    const messed = await mess()
    const check = await cms(['fmt', '--check', '--dir', project.contentDir])
    expect(check.code).toBe(1)
    for (const rel of messed) expect(check.stdout).toContain(`would reformat ${rel}`)
    expect((await cms(['fmt', '--dir', project.contentDir])).code).toBe(0)
    const again = await cms(['fmt', '--check', '--json', '--dir', project.contentDir])
    expect(again.code).toBe(0)
    expect(again.json.changed).toEqual([])
  })
})
