import type { Collection, EntryRecord } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { own } from '../../core/own.ts'

/**
 * Lookups the write checks and translation reads need, kept per changed entry instead of
 * scanning a collection on every write: for each unique field, which entries hold each value
 * (per locale, trashed entries aside); for each translation group, its members. Built for a
 * collection on first use, then patched from the store's change events (O(1) per change);
 * a new schema object (or a change these lookups missed) builds them afresh.
 */
export class EntryLookups {
  readonly collection: Collection
  readonly entries: ReadonlyMap<string, EntryRecord>
  revision: number
  /** field name → "<locale>\n<value key>" → uuids. */
  readonly unique = new Map<string, Map<string, Set<string>>>()
  /** translation group → uuids (trashed included: readers filter). */
  readonly groups = new Map<string, Set<string>>()

  constructor(index: CollectionIndex) {
    this.collection = index.collection
    this.entries = index.entries
    this.revision = index.revision
    for (const field of index.collection.fields) if (field.validations?.unique?.status) this.unique.set(field.name, new Map())
    for (const entry of index.entries.values()) this.#add(entry)
  }

  change(before: EntryRecord | null, after: EntryRecord | null): void {
    if (before) this.#remove(before)
    if (after) this.#add(after)
  }

  /** uuids of non-trashed entries of `locale` holding any of `keys` in unique field `field`. */
  holders(field: string, locale: string, keys: string[]): string[] {
    const map = this.unique.get(field)
    if (!map) return []
    const out: string[] = []
    for (const k of keys) for (const uuid of map.get(`${locale}\n${k}`) ?? []) out.push(uuid)
    return out
  }

  members(group: string): EntryRecord[] {
    const out: EntryRecord[] = []
    for (const uuid of this.groups.get(group) ?? []) { const e = this.entries.get(uuid); if (e) out.push(e) }
    return out
  }

  #add(entry: EntryRecord): void {
    if (entry.translation_group) setAdd(this.groups, entry.translation_group, entry.uuid)
    if (entry.deleted_at) return
    for (const [field, map] of this.unique) for (const k of valueKeys(entry, field)) setAdd(map, `${entry.locale}\n${k}`, entry.uuid)
  }

  #remove(entry: EntryRecord): void {
    if (entry.translation_group) setDelete(this.groups, entry.translation_group, entry.uuid)
    if (entry.deleted_at) return
    for (const [field, map] of this.unique) for (const k of valueKeys(entry, field)) setDelete(map, `${entry.locale}\n${k}`, entry.uuid)
  }
}

/** Comparable keys of a value: strings case- and space-insensitive (as a ci collation), numbers by value. */
export function uniqueKeys(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value]
  return items.map((v) => {
    const x = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v
    if (typeof x === 'string') return `s:${x.trim().toLowerCase()}`
    if (typeof x === 'number') return `n:${x}`
    return `j:${JSON.stringify(x)}`
  })
}

function valueKeys(entry: EntryRecord, field: string): string[] {
  const value = own(entry.fields, field)
  return value === undefined || value === null ? [] : uniqueKeys(value)
}

function setAdd<K>(map: Map<K, Set<string>>, key: K, uuid: string): void {
  const set = map.get(key)
  if (set) set.add(uuid)
  else map.set(key, new Set([uuid]))
}

function setDelete<K>(map: Map<K, Set<string>>, key: K, uuid: string): void {
  const set = map.get(key)
  if (!set) return
  set.delete(uuid)
  if (set.size === 0) map.delete(key)
}

const LOOKUPS = new WeakMap<ContentStore, Map<string, EntryLookups>>()

/** The lookups of a collection, current with its entries. */
export function lookupsOf(store: ContentStore, slug: string, index: CollectionIndex): EntryLookups {
  let held = LOOKUPS.get(store)
  if (!held) {
    const map = new Map<string, EntryLookups>()
    store.onChange((change) => {
      if (change.kind === 'collection') map.delete(change.slug)
      if (change.kind !== 'entry') return
      const lookups = map.get(change.slug)
      const current = store.collection(change.slug)
      if (!lookups || !current || lookups.entries !== current.entries) return
      lookups.change(change.before, change.after)
      lookups.revision = current.revision
    })
    LOOKUPS.set(store, (held = map))
  }
  let lookups = held.get(slug)
  if (!lookups || lookups.collection !== index.collection || lookups.entries !== index.entries || lookups.revision !== index.revision) {
    held.set(slug, (lookups = new EntryLookups(index)))
  }
  return lookups
}
