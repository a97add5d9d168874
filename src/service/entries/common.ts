import type { ServiceContext } from '../context.ts'
import type { ContentStore } from '../../storage/store.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import type { DomainEvent, EntryRecord, FieldValues, VersionRecord } from '../../core/types.ts'
import { CmsError, notFound, storageFailure, ValidationError } from '../../core/errors.ts'
import { newUuid, now } from '../../core/ids.ts'
import { hashPassword, isPasswordHash } from '../../schema/password.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { toEntryOutput, type EntryOutput } from './view.ts'
import { own } from '../../core/own.ts'
import { currentActor } from '../../core/actor.ts'

/** Shared pieces of the write services: lookups, the per-entry lock, publishing, events. */

export function requireCollection(ctx: ServiceContext, slug: string): CollectionIndex {
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  return index
}

/** A live (not trashed) entry, or 404 `Content not found.`. */
export function requireEntry(index: CollectionIndex, uuid: string, options: { trashed?: boolean } = {}): EntryRecord {
  const entry = index.entries.get(uuid.toLowerCase())
  if (!entry || (entry.deleted_at && !options.trashed)) throw notFound('Content not found.')
  return entry
}

const locks = new WeakMap<ContentStore, Map<string, Promise<unknown>>>()

/**
 * Runs `fn` alone for this entry: read-modify-write sequences (publish numbers, merges)
 * never interleave for one entry, while different entries proceed in parallel.
 */
export function withEntryLock<T>(ctx: ServiceContext, id: string, fn: () => Promise<T>): Promise<T> {
  const uuid = id.toLowerCase()
  let map = locks.get(ctx.store)
  if (!map) locks.set(ctx.store, (map = new Map()))
  const previous = map.get(uuid) ?? Promise.resolve()
  const task = previous.catch(() => {}).then(fn)
  map.set(uuid, task)
  const clear = () => { if (map.get(uuid) === task) map.delete(uuid) }
  task.then(clear, clear)
  return task
}

export function parseState(body: Record<string, unknown>, errors: FieldErrors): 'draft' | 'published' | undefined {
  // `status` is what older (v3) clients send.
  const raw = body.state ?? body.status
  if (raw === undefined || raw === null || raw === '') return undefined
  if (raw === 'draft' || raw === 'published') return raw
  errors[body.state !== undefined ? 'state' : 'status'] = ['The selected state is invalid. Use "draft" or "published".']
  return undefined
}

export function parseLocale(ctx: ServiceContext, raw: unknown, errors: FieldErrors): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  if (typeof raw === 'string' && ctx.store.project.locales.includes(raw)) return raw
  errors.locale = ['The selected locale is invalid for this project.']
  return undefined
}

export function throwIfErrors(...lists: FieldErrors[]): void {
  const all: FieldErrors = {}
  for (const list of lists) for (const [k, v] of Object.entries(list)) all[k] = [...(all[k] ?? []), ...v.filter((m) => !all[k]?.includes(m))]
  if (Object.keys(all).length > 0) throw new ValidationError(all)
}

/** Hashes plaintext password values (top level; password fields are not allowed in groups). */
export async function hashPasswords(index: CollectionIndex, values: FieldValues): Promise<FieldValues> {
  const fields = index.collection.fields.filter((f) => f.type === 'password' && typeof own(values, f.name) === 'string' && !isPasswordHash(own(values, f.name)))
  if (fields.length === 0) return values
  const out = { ...values }
  for (const f of fields) out[f.name] = await hashPassword(values[f.name] as string)
  return out
}

export function event(ctx: ServiceContext, index: CollectionIndex, name: string, entry: EntryRecord, at = now()): DomainEvent {
  return {
    event: name, source: ctx.source, collection: { uuid: index.collection.uuid, slug: index.collection.slug },
    entry_uuid: entry.uuid, version: entry.published_version, at,
  }
}

export const output = (index: CollectionIndex, entry: EntryRecord, state: 'draft' | 'published'): EntryOutput =>
  toEntryOutput(entry, index.collection, state)

/** `created_by` for a new version: the request's named writer (a token or an editor session), if any. */
export function publishedBy(): { created_by?: string } {
  const name = currentActor().name
  return name ? { created_by: name } : {}
}

/**
 * Publishes `entry`'s draft as the next version (max + 1). Call inside the entry's lock.
 * Returns the new record (already written) and its version.
 */

export async function publishDraft(ctx: ServiceContext, index: CollectionIndex, entry: EntryRecord, label: string | null = null): Promise<{ entry: EntryRecord; version: VersionRecord }> {
  const slug = index.collection.slug
  const n = Math.max(await ctx.store.maxVersion(slug, entry.uuid), entry.published_version ?? 0) + 1
  const at = now()
  const version: VersionRecord = {
    uuid: newUuid(), entry_uuid: entry.uuid, version_number: n, label, description: null, locale: entry.locale,
    translation_group: entry.translation_group, published_at: at, created_at: at, updated_at: at, fields: entry.fields,
  }
  Object.assign(version, publishedBy())
  const next: EntryRecord = { ...entry, published: entry.fields, published_version: n, published_at: entry.published_at ?? at, updated_at: at }
  await ctx.store.putVersion(slug, version)
  await ctx.store.putEntry(slug, next, ctx.source)
  return { entry: next, version }
}

/** Deterministic JSON (sorted keys) for comparing field values. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * Writes several existing entries as one change. Every write settles; when one failed, those
 * that landed are put back as they were (unless a later write changed them since), so the
 * error's "nothing was changed" is true. A put-back that fails too is named in the message.
 */
export async function putEntriesTogether(ctx: ServiceContext, index: CollectionIndex, records: readonly EntryRecord[], before: ReadonlyMap<string, EntryRecord>): Promise<void> {
  const slug = index.collection.slug
  const results = await Promise.allSettled(records.map((e) => ctx.store.putEntry(slug, e, ctx.source)))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (!failed) return
  const landed = records.filter((e, i) => results[i]!.status === 'fulfilled' && index.entries.get(e.uuid) === e)
  const back = await Promise.allSettled(landed.map((e) => ctx.store.putEntry(slug, before.get(e.uuid)!, ctx.source)))
  const stuck = landed.filter((_, i) => back[i]!.status === 'rejected').map((e) => e.uuid)
  const error = storageFailure(failed.reason)
  if (stuck.length === 0) throw error
  const message = error.code === 'insufficient_storage'
    ? `The disk is full: the change was saved for only some entries and could not be undone for these: ${stuck.join(', ')}. Free some space and save them again.`
    : `The change could not be saved (storage error) and could not be undone for these entries: ${stuck.join(', ')}.`
  throw new CmsError(error.code, message, { cause: failed.reason })
}
