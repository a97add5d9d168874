import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { CollectionSearch } from '../../../src/service/entries/search-indexes.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * A server keeps its search index in the index cache (docs/search.md): it saves it once built,
 * and the next start loads it instead of building it, with an entry edited by hand while no
 * server ran analysed again: the loaded index equals one built from scratch and finds the new
 * words. In process (runServer), one project of 1,000 entries (the cache's threshold), two starts.
 */
const WORDS = ['river', 'garden', 'lantern', 'quiet', 'stone', 'harbour']
let project: TempProject
let server: RunningServer | null = null

beforeAll(async () => {
  project = await makeProject({
    slug: 'restart', name: 'Restart', description: null, has_demo_data: true, default_locale: 'en', locales: ['en'], public_api: true,
    collections: [{ name: 'Notes', slug: 'notes', is_singleton: false, fields: [field('title', 'text'), field('body', 'longtext')] }],
    demo_data: [{ collection: 'notes', entries: Array.from({ length: 1000 }, (_, i) => ({ id: `n${i}`, locale: 'en', status: 'published', fields: { title: `${WORDS[i % 6]} ${i}`, body: `${WORDS[(i * 5) % 6]} ${WORDS[(i * 7) % 6]}` } })) }],
  })
}, 60000)
afterAll(async () => {
  await server?.stop()
  await project?.cleanup()
})

const start = () => runServer({ dir: project.dir, port: 0, host: '127.0.0.1', config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }) })
const searchOf = (s: RunningServer) => s.ctx.readModel.searchOf('notes', s.ctx.store.collection('notes')!)
const search = async (s: RunningServer, words: string) => {
  const response = await fetch(`${s.http.url}/notes?search=${encodeURIComponent(words)}`, { headers: { 'project-id': project.projectId, accept: 'application/json' } })
  return (await response.json()) as Array<{ uuid: string; fields: { title: string } }>
}

test('a restart loads the saved search index, with an entry edited by hand meanwhile analysed again', async () => {
  const cacheFile = join(loadConfig({ dir: project.contentDir }).stateDir, 'search-cache.bin')
  server = await start()
  // Built after listening, then saved.
  await vi.waitFor(async () => { expect(searchOf(server!).peek('published')).not.toBeNull(); await stat(cacheFile) }, { timeout: 20000, interval: 50 })
  expect(searchOf(server).adopted('published')).toBe(false)
  const target = [...server.ctx.store.collection('notes')!.entries.values()][17]!
  await server.stop()
  server = null

  // A hand edit while no server runs.
  const file = join(project.contentDir, 'entries', 'notes', `${target.uuid}.json`)
  const json = JSON.parse(await readFile(file, 'utf8')) as { fields: { title: string }; published: { title: string } }
  json.fields.title = json.published.title = 'Zebrafinch migration'
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`)

  server = await start()
  await vi.waitFor(() => expect(searchOf(server!).peek('published')).not.toBeNull(), { timeout: 20000, interval: 20 })
  const live = searchOf(server)
  expect(live.adopted('published')).toBe(true)
  const index = server.ctx.store.collection('notes')!
  expect(live.peek('published')!.dump()).toEqual(new CollectionSearch(index.collection, index.entries).now('published').dump())
  expect((await search(server, 'zebrafinch')).map((e) => e.uuid)).toEqual([target.uuid])
  expect((await search(server, target.fields.title as string)).map((e) => e.uuid)).not.toContain(target.uuid)
}, 60000)
