import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { EntryRecord } from '../../src/core/types.ts'
import type { SchemaInfo } from '../../src/query/compile-where.ts'
import { compileSort, sortSignature } from '../../src/query/sort.ts'
import { CollectionView } from '../../src/query/view.ts'
import type { ReadState, SortKey } from '../../src/query/params.ts'
import { f } from './helpers.ts'

/**
 * After a write, the list service patches the collection's views (CollectionView.patched)
 * instead of rebuilding them. A patched view must be indistinguishable from one built from
 * scratch: same default order, same ranks, same sorted orders.
 */
const schema: SchemaInfo = { slug: 'things', fields: [f('title', 'text'), f('n', 'number')] }

const values = fc.record({
  title: fc.option(fc.constantFrom('ab', 'Ab', 'b', 'c'), { nil: undefined }),
  n: fc.option(fc.integer({ min: -2, max: 3 }), { nil: undefined }),
})
const seed = fc.record({
  live: values, published: fc.boolean(), trashed: fc.boolean(),
  at: fc.integer({ min: 0, max: 5 }), id: fc.integer({ min: 1, max: 40 }),
})
type Seed = typeof seed extends fc.Arbitrary<infer T> ? T : never

function make(s: Seed): EntryRecord {
  const at = new Date(Date.UTC(2024, 0, 1) + s.at * 1000).toISOString()
  return {
    uuid: `00000000-0000-4000-8000-${String(s.id).padStart(12, '0')}`, locale: 'en', translation_group: null,
    created_at: at, updated_at: at, published_at: s.published ? at : null, published_version: s.published ? 1 : null,
    deleted_at: s.trashed ? at : null, fields: s.live, published: s.published ? s.live : null,
  }
}

// An edit puts a (possibly new) entry or removes one, by id.
const edit = fc.oneof(seed.map((s) => ({ put: s })), fc.integer({ min: 1, max: 40 }).map((id) => ({ remove: id })))
const sortSpec = fc.array(fc.record({ field: fc.constantFrom('title', 'n', 'created_at', 'id'), direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }), { minLength: 1, maxLength: 2 })

const uuids = (rows: ReadonlyArray<{ entry: EntryRecord }>) => rows.map((r) => r.entry.uuid)

describe('CollectionView.patched', () => {
  test('equals a view built from scratch, over rounds of random edits', () => {
    fc.assert(fc.property(
      fc.array(seed, { maxLength: 25 }), fc.array(fc.array(edit, { minLength: 0, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom<ReadState>('published', 'draft', 'only_draft'), fc.array(sortSpec, { minLength: 1, maxLength: 3 }),
      (initial, rounds, state, sorts) => {
        const entries = new Map<string, EntryRecord>()
        for (const s of initial) { const e = make(s); entries.set(e.uuid, e) }
        const compiled = sorts.map((keys: SortKey[]) => ({ signature: sortSignature(keys), keys: compileSort(keys, schema) }))
        let view = new CollectionView(entries.values(), state)
        // Sorted orders exist before the edits, so the patch has to carry them over.
        for (const { signature, keys } of compiled) view.sorted(signature, keys)
        for (const round of rounds) {
          const changed = new Set<string>()
          for (const e of round) {
            if ('put' in e) { const x = make(e.put); entries.set(x.uuid, x); changed.add(x.uuid) } else {
              const uuid = `00000000-0000-4000-8000-${String(e.remove).padStart(12, '0')}`
              entries.delete(uuid)
              changed.add(uuid)
            }
          }
          view = view.patched(entries, changed)
          const fresh = new CollectionView(entries.values(), state)
          expect(uuids(view.rows)).toEqual(uuids(fresh.rows))
          expect(view.rows.map((r) => r.rank)).toEqual(fresh.rows.map((r) => r.rank))
          for (const { signature, keys } of compiled) expect(uuids(view.sorted(signature, keys))).toEqual(uuids(fresh.sorted(signature, keys)))
          for (const row of fresh.rows) expect(view.get(row.entry.uuid)?.entry).toBe(row.entry)
        }
      },
    ), { numRuns: 400 })
  })
})
