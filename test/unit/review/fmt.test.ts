import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { formatTree } from '../../../src/review/fmt.ts'
import { validateTree } from '../../../src/review/validate.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { smallBlogTemplate as blogTemplate } from '../../helpers/templates.ts'
import { messUp } from '../../helpers/review-trees.ts'
import { snapshotTree } from '../../helpers/tree.ts'

let project: TempProject
beforeEach(async () => { project = await makeProject(blogTemplate()) })
afterEach(async () => { await project.cleanup() })

describe('cms fmt', () => {
  it('--check lists the files that differ; fmt rewrites them; then --check is clean and a second fmt changes no byte', async () => {
    const messed = await messUp(project.contentDir)
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
    await messUp(project.contentDir)
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
})
