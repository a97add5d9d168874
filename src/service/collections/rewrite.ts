import { flushFileSystem } from '../../storage/flush-file-system.ts'
import { now } from '../../core/ids.ts'
import { CmsError } from '../../core/errors.ts'
import { isAlive } from '../../core/process-identity.ts'
import type { Collection, EventSource, Field, FieldValues } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import { clearSchemaJournal, readSchemaJournal, writeSchemaJournal, type FieldChange, type SchemaChange } from '../../storage/schema-journal.ts'
import { isEmpty } from './fields.ts'

/**
 * Schema changes that rewrite many files: a collection's new slug and a field's new name,
 * type or removal. Each runs with its collection closed to other writes, is written to the
 * schema journal before its first file changes, and yields to the event loop as it goes, so
 * it neither loses a concurrent write, nor leaves half of itself after a crash, nor holds
 * other requests up.
 */

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** Longest stretch a rewrite keeps the event loop before letting other requests run. */
const SLICE_MS = 8

/**
 * The journal holds one change: journaled changes of one store run one after another, and a
 * change of this process that failed half way (a full disk, say) is finished before the next.
 */
const queues = new WeakMap<ContentStore, Promise<unknown>>()
function oneAtATime<T>(store: ContentStore, source: EventSource, fn: () => Promise<T>): Promise<T> {
  const task = (queues.get(store) ?? Promise.resolve()).catch(() => {}).then(async () => {
    await resumeSchemaChange(store, source)
    return fn()
  })
  queues.set(store, task)
  return task
}

/** Moves collection `from` to `updated.slug`: folders renamed, relations to it retargeted. */
export async function renameCollection(store: ContentStore, source: EventSource, from: string, updated: Collection, check: () => void): Promise<void> {
  const to = updated.slug
  await oneAtATime(store, source, () => store.withCollectionsClosed([from, to], `being renamed to "${to}"`, async (owner) => {
    check()
    const change: SchemaChange = { op: 'rename-collection', from, to, collection: updated, started_at: now(), pid: process.pid }
    await writeSchemaJournal(store.layout.stateDir, change)
    await applyRename(store, source, change, owner)
    await clearSchemaJournal(store.layout.stateDir)
  }))
}

/**
 * Deletes collection `slug` with its entries and versions: journaled, since its file and its
 * two folders cannot go in one step (a kill in between left entry files no collection owned),
 * and closed, so a write in flight lands before the folders go and none lands after.
 */
export async function deleteCollectionFiles(store: ContentStore, source: EventSource, slug: string, check: () => void): Promise<void> {
  await oneAtATime(store, source, () => store.withCollectionsClosed([slug], 'being deleted', async (owner) => {
    check()
    await writeSchemaJournal(store.layout.stateDir, { op: 'remove-collection', slug, started_at: now(), pid: process.pid })
    await store.removeCollection(slug, source, { owner })
    await clearSchemaJournal(store.layout.stateDir)
  }))
}

async function applyRename(store: ContentStore, source: EventSource, change: Extract<SchemaChange, { op: 'rename-collection' }>, owner: symbol): Promise<void> {
  const { from, to } = change
  await store.putCollection(change.collection, source, { owner })
  await store.moveCollectionFiles(from, to, source, owner)
  for (const other of store.sortedCollections()) {
    const fields = retarget(other.fields, from, to)
    if (fields !== other.fields) await store.putCollection({ ...other, fields, updated_at: now() }, source, other.slug === to ? { owner } : {})
  }
}

/**
 * Puts `updated` (the collection after a field change) and rewrites the stored values of
 * every entry `change` affects. `check` runs once the collection is closed (refusals that
 * depend on the entries belong there).
 */
export async function changeFieldValues(store: ContentStore, source: EventSource, updated: Collection, change: FieldChange, check: () => void): Promise<void> {
  const slug = updated.slug
  await oneAtATime(store, source, () => store.withCollectionsClosed([slug], `rewriting its entries for the change to field "${change.name}"`, async (owner) => {
    check()
    const journal: SchemaChange = { op: 'rewrite-entries', slug, collection: updated, change, started_at: now(), pid: process.pid }
    await writeSchemaJournal(store.layout.stateDir, journal)
    await store.putCollection(updated, source, { owner })
    await rewriteEntries(store, source, slug, change, owner)
    await clearSchemaJournal(store.layout.stateDir)
  }))
}

/**
 * Removes a locale from the project with every entry (and its versions) in it, all
 * collections closed: no write can add an entry in the locale meanwhile, and a crash half way
 * is finished from the journal (the project file is written first, so the replay only has
 * to delete what is left in the locale).
 */
export async function removeLocaleWithEntries(store: ContentStore, source: EventSource, locale: string, check: () => void): Promise<void> {
  const slugs = store.sortedCollections().map((c) => c.slug)
  await oneAtATime(store, source, () => store.withCollectionsClosed(slugs, `removing locale "${locale}" and its entries`, async (owner) => {
    check()
    await writeSchemaJournal(store.layout.stateDir, { op: 'remove-locale', locale, started_at: now(), pid: process.pid })
    const p = store.project
    await store.putProject({ ...p, locales: p.locales.filter((l) => l !== locale) }, source)
    await removeEntriesIn(store, source, locale, owner)
    await clearSchemaJournal(store.layout.stateDir)
  }))
}

async function removeEntriesIn(store: ContentStore, source: EventSource, locale: string, owner: symbol): Promise<void> {
  let slice = performance.now()
  for (const { slug } of store.sortedCollections()) {
    const index = store.collection(slug)
    if (!index) continue
    for (const entry of [...index.entries.values()]) {
      if (entry.locale !== locale) continue
      await store.removeEntry(slug, entry.uuid, source, { owner })
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        slice = performance.now()
      }
    }
  }
}

/**
 * Rewrites the entries whose values `change` alters (new records, never in place), in slices
 * of at most SLICE_MS between turns of the event loop. Files are written without an fsync
 * each, and flushed together before the journal that could redo them is removed.
 */
async function rewriteEntries(store: ContentStore, source: EventSource, slug: string, change: FieldChange, owner: symbol): Promise<number> {
  const index = store.collection(slug)
  if (!index) return 0
  let n = 0
  let slice = performance.now()
  for (const entry of [...index.entries.values()]) {
    const fields = applyFieldChange(entry.fields, change)
    const published = entry.published === null ? null : entry.published === entry.fields ? fields : applyFieldChange(entry.published, change)
    if (fields !== entry.fields || published !== entry.published) {
      await store.putEntry(slug, { ...entry, fields, published }, source, { durable: false, owner })
      n++
    }
    if (performance.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      slice = performance.now()
    }
  }
  // One flush for thousands of files written without fsync (without sync(1), the OS writes them back on its own schedule).
  if (n > 0) await flushFileSystem(store.layout.root)
  return n
}


/**
 * Finishes a schema change a killed process left in the journal. Runs when a writer (a
 * server, or a CLI command with no server) opens the tree, before it serves anything.
 * Returns a line saying what was finished, or null when there was nothing to do.
 */
export async function resumeSchemaChange(store: ContentStore, source: EventSource): Promise<string | null> {
  const change = await readSchemaJournal(store.layout.stateDir)
  if (!change) return null
  if (change.pid !== undefined && change.pid !== process.pid && isAlive(change.pid)) {
    const what = change.op === 'rename-collection' ? `renaming collection "${change.from}" to "${change.to}"`
      : change.op === 'remove-locale' ? `removing locale "${change.locale}"`
      : change.op === 'remove-collection' ? `deleting collection "${change.slug}"` : `rewriting the entries of "${change.slug}"`
    throw new CmsError('conflict', `Another cms process (pid ${change.pid}) is ${what} in this content directory; try again when it finishes.`)
  }
  let done: string
  if (change.op === 'rename-collection') {
    await store.withCollectionsClosed([change.from, change.to], `being renamed to "${change.to}"`, (owner) => applyRename(store, source, change, owner))
    done = `finished renaming collection "${change.from}" to "${change.to}"`
  } else if (change.op === 'remove-locale') {
    const slugs = store.sortedCollections().map((c) => c.slug)
    await store.withCollectionsClosed(slugs, `removing locale "${change.locale}" and its entries`, async (owner) => {
      const p = store.project
      if (p.locales.includes(change.locale) && p.default_locale !== change.locale) {
        await store.putProject({ ...p, locales: p.locales.filter((l) => l !== change.locale) }, source)
      }
      await removeEntriesIn(store, source, change.locale, owner)
    })
    done = `finished removing locale "${change.locale}" and its entries`
  } else if (change.op === 'remove-collection') {
    await store.withCollectionsClosed([change.slug], 'being deleted', (owner) => store.removeCollection(change.slug, source, { owner }))
    done = `finished deleting collection "${change.slug}" with its entries and versions`
  } else {
    const index = store.collection(change.slug)
    if (index) {
      await store.withCollectionsClosed([change.slug], `rewriting its entries for the change to field "${change.change.name}"`, async (owner) => {
        await store.putCollection({ ...change.collection, order: index.collection.order }, source, { owner })
        await rewriteEntries(store, source, change.slug, change.change, owner)
      })
    }
    done = `finished the change to field "${change.change.name}" of collection "${change.slug}"`
  }
  await clearSchemaJournal(store.layout.stateDir)
  return `${done} (interrupted at ${change.started_at})`
}

/** One entry's values after `change`; the same object when nothing changed. Idempotent. */
function applyFieldChange(values: FieldValues, change: FieldChange): FieldValues {
  let next = values
  if (change.rename && change.rename !== change.name) next = renameKey(next, change.parent, change.name, change.rename)
  const name = change.rename ?? change.name
  if (change.remove) next = mapValues(next, change.parent, name, () => undefined)
  else if (change.retype) {
    const field = change.retype
    next = mapValues(next, change.parent, name, (v) => (fits(field, v) ? v : undefined))
  }
  return next
}

/** Fields with relation targets `from` pointed at `to`; the same array when none changed. */
export function retarget(fields: Field[], from: string, to: string): Field[] {
  let changed = false
  const out = fields.map((f) => {
    let next = f
    if (f.type === 'relation' && f.options.relation?.collection === from) {
      next = { ...f, options: { ...f.options, relation: { ...f.options.relation, collection: to } } }
    }
    if (f.type === 'group' && f.children) {
      const children = retarget(f.children, from, to)
      if (children !== f.children) next = { ...next, children }
    }
    if (next !== f) changed = true
    return next
  })
  return changed ? out : fields
}

/** Whether a stored value has the JSON shape a field of this type stores. */
function fits(field: Field, value: unknown): boolean {
  if (isEmpty(value)) return true
  const items = Array.isArray(value) && field.type !== 'json' && field.type !== 'group' ? value : [value]
  return items.every((v) => {
    switch (field.type) {
      case 'number': return typeof v === 'number'
      case 'boolean': return typeof v === 'boolean'
      case 'enumeration': return typeof v === 'string' || typeof v === 'number'
      case 'date': case 'datetime': return typeof v === 'string' || (isObject(v) && 'start' in v)
      case 'json': return true
      case 'group': return isObject(v) || Array.isArray(v)
      default: return typeof v === 'string'
    }
  })
}

export function renameKey(values: FieldValues, parent: string | null, from: string, to: string): FieldValues {
  const move = (obj: Record<string, unknown>) => {
    if (!Object.hasOwn(obj, from)) return obj
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(obj)) out[k === from ? to : k] = v
    return out
  }
  if (!parent) return move(values)
  return mapGroup(values, parent, move)
}

/** Applies `fn` to one field's value; `undefined` removes it. Returns `values` itself when nothing changed. */
function mapValues(values: FieldValues, parent: string | null, name: string, fn: (v: unknown) => unknown): FieldValues {
  const apply = (obj: Record<string, unknown>) => {
    if (!Object.hasOwn(obj, name)) return obj
    const next = fn(obj[name])
    if (next === obj[name]) return obj
    const out = { ...obj }
    if (next === undefined) delete out[name]
    else out[name] = next
    return out
  }
  return parent ? mapGroup(values, parent, apply) : apply(values)
}

function mapGroup(values: FieldValues, parent: string, fn: (obj: Record<string, unknown>) => Record<string, unknown>): FieldValues {
  const group = values[parent]
  let next: unknown = group
  if (Array.isArray(group)) {
    const items = group.map((item) => (isObject(item) ? fn(item) : item))
    if (items.some((item, i) => item !== group[i])) next = items
  } else if (isObject(group)) next = fn(group)
  return next === group ? values : { ...values, [parent]: next }
}
