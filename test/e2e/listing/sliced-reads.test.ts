import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createContext, type AppContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { listEntries, listViews } from '../../../src/service/entries/list.ts'
import { slicing } from '../../../src/query/steps.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * A server never holds the event loop for a long list read: a never-seen filter or sort over
 * many rows, a count or a `like` runs in slices. The tests hold the server's sliced work between two slices
 * (`slicing.pause`) and show that other requests are answered meanwhile, then that the held
 * answer, once let go, is the one a synchronous run gives.
 */
const WORDS = ['alpha', 'Beta', 'gamma', 'delta', 'epsilon']
function template(): Record<string, unknown> {
  const items = Array.from({ length: 200 }, (_, i) => ({
    id: `i${i}`, locale: i % 3 === 0 ? 'fr' : 'en', status: i % 5 === 0 ? 'draft' : 'published',
    fields: { title: `${WORDS[i % 5]} ${(i * 7919) % 200}`, category: ['News', 'Tech'][i % 2], views: (i * 37) % 100 },
  }))
  return {
    slug: 'sliced', name: 'Sliced', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'fr'], public_api: true,
    collections: [{ name: 'Items', slug: 'items', is_singleton: false, fields: [field('title', 'text'), field('category', 'text'), field('views', 'number')] }],
    demo_data: [{ collection: 'items', entries: items }],
  }
}

/** Shapes that need many slices at `rows: 4` (more than the 16 × 4 rows a read may take at once). */
const SHAPES = [
  'where[title][like]=%25a%25&sort=title:asc&paginate=5',
  'sort=title:desc&paginate=7',
  'locale=en&where[views][lt]=60&sort=views:asc&paginate=4&page=2',
  'where[views][gte]=10&count=1',
  'state=draft&sort=views:desc,title:asc&limit=6&offset=3',
]

let project: TempProject
let server: RunningServer | null = null
let reference: AppContext
const saved = { ...slicing }
let held: Array<() => void> = []
let firstHeld: Promise<void> = Promise.resolve()

/** From now on every pause of the server's sliced work waits until `release()`; `firstHeld` resolves at the first. */
function hold(): void {
  let signal!: () => void
  firstHeld = new Promise<void>((resolve) => { signal = resolve })
  slicing.pause = () => { signal(); return new Promise<void>((resolve) => held.push(resolve)) }
}
function release(): void {
  slicing.pause = null
  for (const resume of held.splice(0)) resume()
}

const config = () => loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } })
/** Drafts need a token with read (docs/security.md): draft reads here go with the server's local admin token. */
const get = (path: string) => fetch(`${server!.http.url}${path}`, {
  headers: { 'project-id': project.projectId, accept: 'application/json', ...(/[?&]state=(?!published)/i.test(path) ? { authorization: `Bearer ${server!.ctx.localAdminToken!}` } : {}) },
})
/** The answer a synchronous run gives (no server, no slices), with the server's links. */
const expected = (query: string) => listEntries(reference, 'items', query, server!.http.url.replace(/\/$/, '')).body

beforeAll(async () => {
  project = await makeProject(template())
  reference = await createContext({ config: config(), watch: false, source: 'cli' })
})
afterEach(() => {
  release()
  Object.assign(slicing, saved)
})
afterAll(async () => {
  await server?.stop()
  await reference.close()
  await project.cleanup()
})

describe('sliced list reads on a server', () => {
  test('the views and the indexes the common shapes read are built before the port answers', async () => {
    server = await runServer({ dir: project.dir, port: 0, host: '127.0.0.1', config: config() })
    expect(listViews(server.ctx, 'items').has('published')).toBe(true)
    expect(listViews(server.ctx, 'items').has('draft')).toBe(true)
    const answer = await get('/items?locale=en&where[category]=Tech&sort=views:desc&paginate=5')
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(expected('locale=en&where[category]=Tech&sort=views:desc&paginate=5'))
    // Then, in the background, every row gets the sort keys a sort never asked before reads (query/key-columns.ts).
    const ctx = server.ctx
    await expect.poll(() => [...listViews(ctx, 'items').values()].every((view) => view.rows.every((row) => row.k !== undefined)), { timeout: 15_000, interval: 20 }).toBe(true)
    const row = listViews(ctx, 'items').get('published')!.rows[0]!
    expect(row.k).toContain(String(row.values.category).toLowerCase())
  })

  test.each(SHAPES)('a long read (%s) is held between slices while other requests are answered, then answers as a synchronous run', async (query) => {
    Object.assign(slicing, { rows: 4, ms: 0 })
    // Both views built before the read is held (a list read builds the one it needs).
    await (await get('/items?paginate=1')).text()
    await (await get('/items?paginate=1&state=draft')).text()
    hold()
    let settled = false
    const long = get(`/items?${query}`).finally(() => { settled = true })
    await firstHeld
    // The long read is between two slices: the event loop is free for others.
    const other = await get('/items?paginate=2&page=3')
    expect(other.status).toBe(200)
    expect(await other.text()).toBe(expected('paginate=2&page=3'))
    expect((await get('/collections')).status).toBe(200)
    expect(held.length).toBeGreaterThan(0)
    expect(settled).toBe(false)
    release()
    const answer = await long
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(expected(query))
  })
})
