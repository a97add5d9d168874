import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import type { EntryRecord } from '../../../../src/core/types.ts'
import { CmsError } from '../../../../src/core/errors.ts'
import { serializeEntry } from '../../../../src/storage/codec.ts'
import { listEntries } from '../../../../src/service/entries/list.ts'
import { CollectionSearch } from '../../../../src/service/entries/search-indexes.ts'
import { createEntry, deleteEntry, publishEntry, unpublishEntry, updateEntry } from '../../../../src/service/entries/write.ts'
import { field, makeProject, type TempProject } from '../../../helpers/project.ts'

/**
 * The search indexes are patched per changed entry, never rebuilt: random creates, updates,
 * publishes, unpublishes, deletes and watcher batches (entry files written and removed on
 * disk, taken in by the real watcher) must leave both indexes (published, draft) equal to
 * ones built from scratch over the store's entries.
 */
const WORDS = ['river', 'rivers', 'Häuser', 'Haus', 'running', 'garden', 'lantern', 'Mühle', 'café', '<b>bold</b>', 'quiet']
let project: TempProject
let ctx: AppContext & { watcher?: { ready: Promise<void> } }

beforeAll(async () => {
  project = await makeProject({
    slug: 'prop', name: 'Prop', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [{ name: 'Notes', slug: 'notes', is_singleton: false, fields: [field('title', 'text'), field('body', 'richtext'), field('tags', 'text', { options: { repeatable: true } })] }],
    demo_data: [{ collection: 'notes', entries: Array.from({ length: 12 }, (_, i) => ({ id: `n${i}`, locale: i % 2 ? 'de' : 'en', status: i % 3 ? 'published' : 'draft', fields: { title: `${WORDS[i % WORDS.length]} ${i}`, body: `<p>${WORDS[(i * 3) % WORDS.length]}</p>` } })) }],
  })
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: true, source: 'api' })
  await ctx.watcher!.ready
}, 60000)
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

function check(label: string): void {
  const index = ctx.store.collection('notes')!
  const live = ctx.readModel.searchOf('notes', index)
  const fresh = new CollectionSearch(index.collection, index.entries)
  for (const state of ['published', 'draft'] as const) expect(live.now(state).dump(), `${label}: ${state}`).toEqual(fresh.now(state).dump())
}

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 4 }).map((ws) => ws.join(' '))
const values = fc.record({ title: text, body: text.map((t) => `<p>${t}</p>`), tags: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }) })
const op = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), values, locale: fc.constantFrom('en', 'de'), publish: fc.boolean() }),
  fc.record({ kind: fc.constant('update' as const), values, at: fc.nat() }),
  fc.record({ kind: fc.constant('publish' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('unpublish' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), force: fc.boolean() }),
  fc.record({ kind: fc.constant('batch' as const), edits: fc.array(fc.record({ at: fc.nat(), values, remove: fc.boolean(), add: fc.boolean() }), { minLength: 1, maxLength: 3 }) }),
)

test('the search indexes equal ones built from scratch after random writes and watcher batches', async () => {
  // Both indexes built (and read) before the writes: from here on they are only patched.
  listEntries(ctx, 'notes', 'search=river', 'http://x')
  listEntries(ctx, 'notes', 'search=river&state=draft', 'http://x')
  check('start')
  const ignore = (error: unknown) => { if (!(error instanceof CmsError) || error.code === 'storage') throw error }
  const dir = join(project.contentDir, 'entries', 'notes')
  await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
    for (const o of ops) {
      const entries = [...ctx.store.collection('notes')!.entries.values()]
      const target = (at: number) => entries[at % entries.length]!
      if (o.kind === 'create') await createEntry(ctx, 'notes', { state: o.publish ? 'published' : 'draft', locale: o.locale, data: o.values }).catch(ignore)
      else if (o.kind === 'update') await updateEntry(ctx, 'notes', target(o.at).uuid, { data: o.values }, 'patch').catch(ignore)
      else if (o.kind === 'publish') await publishEntry(ctx, 'notes', target(o.at).uuid).catch(ignore)
      else if (o.kind === 'unpublish') await unpublishEntry(ctx, 'notes', target(o.at).uuid).catch(ignore)
      else if (o.kind === 'delete') await deleteEntry(ctx, 'notes', target(o.at).uuid, { force: o.force }).catch(ignore)
      else {
        const expected = new Map<string, string | null>()
        for (const edit of o.edits) {
          if (edit.add) {
            const at = new Date().toISOString()
            const added: EntryRecord = { uuid: randomUUID(), locale: 'de', translation_group: null, created_at: at, updated_at: at, published_at: at, published_version: 1, deleted_at: null, fields: edit.values, published: edit.values }
            await writeFile(join(dir, `${added.uuid}.json`), serializeEntry(added))
            expected.set(added.uuid, edit.values.title)
            continue
          }
          const e = target(edit.at)
          if (expected.has(e.uuid)) continue
          if (edit.remove) {
            await unlink(join(dir, `${e.uuid}.json`)).catch(() => {})
            expected.set(e.uuid, null)
          } else {
            const fields = { ...edit.values, title: `${edit.values.title} disk${randomUUID().slice(0, 4)}` }
            await writeFile(join(dir, `${e.uuid}.json`), serializeEntry({ ...e, fields, published: e.published ? fields : null, updated_at: new Date().toISOString() }))
            expected.set(e.uuid, fields.title)
          }
        }
        const index = ctx.store.collection('notes')!
        await vi.waitFor(() => {
          for (const [uuid, title] of expected) expect(title === null ? index.entries.has(uuid) : index.entries.get(uuid)?.fields.title).toBe(title === null ? false : title)
        }, { timeout: 10000, interval: 20 })
      }
    }
    check(ops.map((o) => o.kind).join(','))
  }), { numRuns: 25, seed: 2026 })
}, 120000)
