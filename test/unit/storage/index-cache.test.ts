import { afterEach, describe, expect, it } from 'vitest'
import { writeFile, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { manyArticles } from '../../helpers/many-articles.ts'
import { ContentStore } from '../../../src/storage/store.ts'

/** The index cache: written in chunks that give the event loop back, read back whole, never stale. */
let project: TempProject | undefined
afterEach(async () => {
  await project?.cleanup()
  project = undefined
})

const open = (p: TempProject) => ContentStore.open(p.contentDir, { stateDir: p.stateDir, onProblem: () => {} })

describe('index cache', { timeout: 120_000 }, () => {
  it('is written in chunks with the event loop given back between them, and the next start uses it', async () => {
    project = await makeProject(manyArticles(3000))
    const cold = await open(project)
    expect(cold.coldLoaded).toBe(true)
    // Count event-loop turns taken by other work while the cache is written.
    let turns = 0
    let done = false
    const spin = (): void => { turns++; if (!done) setImmediate(spin) }
    setImmediate(spin)
    await cold.saveIndexCache()
    done = true
    expect(turns).toBeGreaterThanOrEqual(3)
    expect((await stat(join(project.stateDir, 'index-cache.bin'))).size).toBeGreaterThan(100_000)

    const warm = await open(project)
    expect(warm.freshlyLoaded).toBe(0)
    const a = cold.collection('articles')!
    const b = warm.collection('articles')!
    expect(b.entries.size).toBe(a.entries.size)
    for (const [uuid, entry] of a.entries) expect(b.entries.get(uuid)).toEqual(entry)
  })

  it('a file changed after the cache was written is read from disk, not from the cache', async () => {
    project = await makeProject(manyArticles(1200))
    const cold = await open(project)
    await cold.saveIndexCache()
    const [uuid] = cold.collection('articles')!.entries.keys()
    const file = join(project.contentDir, 'entries', 'articles', `${uuid}.json`)
    const text = await readFile(file, 'utf8')
    const edited = text.replace(/"title": "[^"]*"/, '"title": "Edited by hand after the cache"')
    expect(edited).not.toBe(text)
    await writeFile(file, edited)
    const warm = await open(project)
    expect(warm.freshlyLoaded).toBe(1)
    expect(warm.collection('articles')!.entries.get(uuid!)!.fields.title).toBe('Edited by hand after the cache')
  })

  it('a truncated cache file is ignored: every file is read', async () => {
    project = await makeProject(manyArticles(1200))
    const cold = await open(project)
    await cold.saveIndexCache()
    const path = join(project.stateDir, 'index-cache.bin')
    const bytes = await readFile(path)
    await writeFile(path, bytes.subarray(0, bytes.length >> 1))
    const warm = await open(project)
    expect(warm.freshlyLoaded).toBeGreaterThanOrEqual(1200)
    expect(warm.collection('articles')!.entries.size).toBe(cold.collection('articles')!.entries.size)
  })
})
