import { describe, expect, test } from 'vitest'
import { ChangeFeed, changeEventOf } from '../../../../src/service/events/change-feed.ts'
import type { EntryRecord } from '../../../../src/core/types.ts'
import type { ContentStore } from '../../../../src/storage/store.ts'
import type { StoreChange } from '../../../../src/storage/content-index.ts'

const uuid = '0b5c1a8e-2f7d-4c1e-9a3b-5d6e7f809102'
const entry = (over: Partial<EntryRecord> = {}): EntryRecord => ({
  uuid, locale: 'en', translation_group: null, created_at: 't', updated_at: 't', published_at: null,
  published_version: null, deleted_at: null, fields: { title: 'a' }, published: null, ...over,
})
const change = (before: EntryRecord | null, after: EntryRecord | null): Extract<StoreChange, { kind: 'entry' }> =>
  ({ kind: 'entry', slug: 'posts', uuid, before, after, source: 'api' })
const published = entry({ published: { title: 'a' }, published_version: 1, published_at: 't' })

describe('changeEventOf: one event per change, its state', () => {
  test.each([
    ['create a draft', null, entry(), 'content.created', 'draft'],
    ['create published', null, published, 'content.created', 'published'],
    ['edit a draft', entry(), entry({ fields: { title: 'b' } }), 'content.updated', 'draft'],
    ['edit the draft of a published entry', published, { ...published, fields: { title: 'b' } }, 'content.updated', 'draft'],
    ['publish', entry({ fields: { title: 'b' } }), { ...published, fields: { title: 'b' }, published: { title: 'b' } }, 'content.published', 'published'],
    ['publish again', published, { ...published, published_version: 2 }, 'content.published', 'published'],
    ['unpublish', published, entry(), 'content.unpublished', 'published'],
    ['trash a draft', entry(), entry({ deleted_at: 't' }), 'content.trashed', 'draft'],
    ['trash a published entry', published, { ...published, deleted_at: 't' }, 'content.trashed', 'published'],
    ['restore', { ...published, deleted_at: 't' }, published, 'content.restored', 'published'],
    ['delete a draft', entry(), null, 'content.deleted', 'draft'],
    ['delete a published entry', published, null, 'content.deleted', 'published'],
  ] as const)('%s', (_, before, after, type, state) => {
    expect(changeEventOf(change(before, after))).toMatchObject({ type, state, collection: 'posts', uuid, locale: 'en', tags: ['posts', `posts/${uuid}`] })
  })

  test('nothing a reader sees changed: no event', () => {
    expect(changeEventOf(change(entry(), entry({ updated_at: 'later' })))).toBeNull()
  })
})

describe('ChangeFeed: backlog and Last-Event-ID', () => {
  const fakeStore = () => {
    let listener: (c: StoreChange) => void = () => {}
    const store = { onChange: (l: (c: StoreChange) => void) => { listener = l; return () => {} } } as unknown as ContentStore
    return { store, emit: (c: StoreChange) => listener(c) }
  }
  test('replays what follows an id; beyond the backlog, another boot or a malformed id: reset', () => {
    const { store, emit } = fakeStore()
    const feed = new ChangeFeed(store, { backlog: 3 })
    const start = feed.lastId
    emit(change(null, entry()))
    const first = feed.lastId
    for (let i = 0; i < 3; i++) emit(change(entry(), entry({ fields: { title: String(i) } })))
    const missed = feed.since(first)
    if (missed === 'reset') throw new Error('expected the missed events')
    expect(missed.map((f) => f.seq)).toEqual([2, 3, 4])
    expect(feed.since(feed.lastId)).toEqual([])
    expect(feed.since(start)).toBe('reset')
    expect(feed.since('00000000-1')).toBe('reset')
    expect(feed.since('nonsense')).toBe('reset')
    expect(feed.since(`${feed.boot}-99`)).toBe('reset')
    expect(missed[0]!.message).toMatch(/^event: change\nid: [0-9a-f]{8}-2\ndata: \{"type":"content.updated",/)
  })
})
