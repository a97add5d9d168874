import type { ServiceContext } from '../context.ts'
import type { EntryRecord, Field, FieldValues } from '../../core/types.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { add, type FieldErrors } from '../../schema/field-errors.ts'
import { MEDIA_INVALID, RELATION_INVALID, uniqueMessage } from '../../schema/messages.ts'
import { own } from '../../core/own.ts'
import { lookupsOf, uniqueKeys } from './lookups.ts'

export const SINGLETON_TAKEN = 'This collection is a singleton and already has an entry.'

/**
 * The checks JSON Schema cannot do, against the index: unique values (per collection and
 * locale, trashed entries aside), relation and media references (exist, not trashed, in the
 * relation's target collection). Synchronous on purpose: the caller inserts into the index
 * in the same tick, so two requests can never both pass a unique check.
 * `pending` are records of the same request not yet in the index (bulk).
 */
export function storeChecks(
  ctx: ServiceContext, index: CollectionIndex, values: FieldValues,
  options: { locale: string; self?: string; skip?: FieldErrors; pending?: EntryRecord[] },
): FieldErrors {
  const errors: FieldErrors = {}
  const skip = options.skip ?? {}
  for (const field of index.collection.fields) {
    if (!Object.hasOwn(values, field.name) || skip[`data.${field.name}`]) continue
    const value = values[field.name]
    if (field.type === 'relation') {
      if (!relationsValid(ctx, field, value)) add(errors, `data.${field.name}`, RELATION_INVALID)
    } else if (field.type === 'media') {
      if (!refs(value).every((uuid) => ctx.store.assets.get(uuid)?.deleted_at === null)) add(errors, `data.${field.name}`, MEDIA_INVALID)
    } else if (field.type === 'group') {
      checkGroupRefs(ctx, field, value, `data.${field.name}`, errors)
    }
    if (field.validations?.unique?.status && isTaken(ctx, index, field, value, options)) add(errors, `data.${field.name}`, uniqueMessage(field))
  }
  return errors
}

/** A singleton already holding a (non-trashed) entry in this locale. */
export function singletonTaken(index: CollectionIndex, locale: string, self?: string, pending: EntryRecord[] = []): boolean {
  if (!index.collection.is_singleton) return false
  for (const e of index.entries.values()) if (e.uuid !== self && !e.deleted_at && e.locale === locale) return true
  return pending.some((e) => e.uuid !== self && e.locale === locale)
}

const refs = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string')

function relationsValid(ctx: ServiceContext, field: Field, value: unknown): boolean {
  const target = relationTarget(ctx, field)
  if (target === undefined) return false
  const list = refs(value)
  if (list.length !== (Array.isArray(value) ? value.length : 1)) return false
  return list.every((uuid) => {
    if (target) {
      const e = target.entries.get(uuid)
      return e !== undefined && !e.deleted_at
    }
    const found = ctx.store.findEntry(uuid)
    return found !== undefined && !found.entry.deleted_at
  })
}

/** The relation's target: `null` (none configured) accepts any collection; `undefined` = unknown target. */
export function relationTarget(ctx: ServiceContext, field: Field): CollectionIndex | null | undefined {
  return ctx.store.relationTarget(field.options.relation?.collection)
}

function checkGroupRefs(ctx: ServiceContext, field: Field, value: unknown, prefix: string, errors: FieldErrors): void {
  const items = Array.isArray(value) ? value : [value]
  items.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return
    const at = Array.isArray(value) ? `${prefix}.${i}` : prefix
    for (const child of field.children ?? []) {
      const v = (item as FieldValues)[child.name]
      if (v === undefined) continue
      if (child.type === 'relation' && !relationsValid(ctx, child, v)) add(errors, `${at}.${child.name}`, RELATION_INVALID)
      if (child.type === 'media' && !refs(v).every((uuid) => ctx.store.assets.get(uuid)?.deleted_at === null)) add(errors, `${at}.${child.name}`, MEDIA_INVALID)
      if (child.type === 'group') checkGroupRefs(ctx, child, v, `${at}.${child.name}`, errors)
    }
  })
}

/**
 * Whether another entry of this locale already holds `value` in a unique field: answered from
 * the collection's unique map (lookups.ts), not a scan, so a write's checks cost the
 * same at 100 entries as at a million.
 */
export function isTaken(ctx: ServiceContext, index: CollectionIndex, field: Field, value: unknown, options: { locale: string; self?: string; pending?: EntryRecord[] }): boolean {
  const keys = uniqueKeys(value)
  const wanted = new Set(keys)
  // The store's own index (callers may pass a copy with a narrowed schema, as restore does).
  const real = ctx.store.collection(index.collection.slug)
  const lookups = real && real.entries === index.entries ? lookupsOf(ctx.store, index.collection.slug, real) : null
  if (lookups?.unique.has(field.name)) {
    if (lookups!.holders(field.name, options.locale, keys).some((uuid) => uuid !== options.self)) return true
  } else {
    // A field the map does not cover (a schema object other than the index's): scan, as before.
    for (const e of index.entries.values()) if (clashes(e, field.name, wanted, options)) return true
  }
  return (options.pending ?? []).some((e) => clashes(e, field.name, wanted, options))
}

function clashes(e: EntryRecord, name: string, wanted: Set<string>, options: { locale: string; self?: string }): boolean {
  if (e.uuid === options.self || e.deleted_at || e.locale !== options.locale) return false
  const other = own(e.fields, name)
  return other !== undefined && other !== null && uniqueKeys(other).some((k) => wanted.has(k))
}
