import type { ServiceContext } from '../context.ts'
import type { EntryRecord, EntrySchedule, Field, FieldValues } from '../../core/types.ts'
import { conflict, unprocessable } from '../../core/errors.ts'
import { newUuid, now } from '../../core/ids.ts'
import { prepareInput, type InputMode } from '../../schema/validate-entry.ts'
import type { Done, EntryData, EntryDiscarded, EntryPublished, EntryRestored } from './entry-answers.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { SINGLETON_TAKEN, isTaken, singletonTaken, storeChecks } from './checks.ts'
import { checkIfMatch, type EntryWriteOptions } from './etag.ts'
import { own } from '../../core/own.ts'
import { withDerivedSlugs } from './derive-slug.ts'
import { checkMayPublish, reviewAfterEdit } from './review.ts'
import {
  event, hashPasswords, output, parseLocale, parseState, publishDraft, publishedBy, requireCollection, requireEntry, stableJson,
  throwIfErrors, withEntryLock,
} from './common.ts'

/**
 * The one service layer every content change goes through (HTTP routes and CLI alike).
 * Each function validates, writes through the store (index first, file before returning),
 * appends its events, and returns the body the API answers with.
 */

export type EntryBody = Record<string, unknown>


/** `POST /{collection}`: `{data, state?|status?, locale?}` → `{data: entry}`. */
export async function createEntry(ctx: ServiceContext, slug: string, body: EntryBody, options: EntryWriteOptions = {}): Promise<EntryData> {
  const index = requireCollection(ctx, slug)
  const errors: FieldErrors = {}
  const state = parseState(body, errors)
  if (state === 'published') checkMayPublish(index, null)
  const locale = parseLocale(ctx, body.locale, errors) ?? ctx.store.project.default_locale
  const taken = (field: Field, value: string) => isTaken(ctx, index, field, value, { locale })
  const prepared = prepareInput(index.collection, withDerivedSlugs(index.collection, body.data, taken), 'create')
  if (Object.keys(errors).length > 0 || Object.keys(prepared.errors).length > 0) {
    throwIfErrors(errors, prepared.errors, precheck(ctx, index, body.data, locale, prepared.errors))
  }
  const values = await hashPasswords(index, prepared.values)

  // From here to putEntry: one synchronous stretch (store checks see every earlier insert).
  const storeErrors = storeChecks(ctx, index, values, { locale })
  if (singletonTaken(index, locale)) storeErrors.data = [SINGLETON_TAKEN]
  throwIfErrors(storeErrors)
  const at = now()
  const published = state === 'published'
  const entry: EntryRecord = {
    uuid: newUuid(), locale, translation_group: index.collection.is_singleton ? singletonGroup(index, locale) : null,
    created_at: at, updated_at: at, published_at: published ? at : null, published_version: published ? 1 : null,
    deleted_at: null, fields: values, published: published ? values : null,
  }
  const version = published ? {
    uuid: newUuid(), entry_uuid: entry.uuid, version_number: 1, label: null, description: null, locale,
    translation_group: entry.translation_group, published_at: at, created_at: at, updated_at: at, fields: values, ...publishedBy(),
  } : null
  // Version 1 on disk before the entry that names it; a failure takes both back (nothing was changed).
  await ctx.store.putNewEntries(slug, [{ entry, version }], ctx.source)
  await ctx.events.append([event(ctx, index, 'content.created', entry, at), ...(published ? [event(ctx, index, 'content.published', entry, at)] : [])])
  options.written?.(entry)
  return { data: output(index, entry, published ? 'published' : 'draft') }
}

/**
 * `PUT` (replace the draft) or `PATCH` (merge into it) `/{collection}/{uuid}`. A published
 * entry keeps serving its snapshot; `state: published` publishes after updating.
 */
export async function updateEntry(ctx: ServiceContext, slug: string, uuid: string, body: EntryBody, mode: Exclude<InputMode, 'create'>, options: EntryWriteOptions = {}): Promise<EntryData> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  return withEntryLock(ctx, uuid, async () => {
    checkIfMatch(options.ifMatch, requireEntry(index, uuid))
    const errors: FieldErrors = {}
    const state = parseState(body, errors)
    const locale = parseLocale(ctx, body.locale, errors)
    const prepared = prepareInput(index.collection, body.data, mode)
    if (Object.keys(errors).length > 0 || Object.keys(prepared.errors).length > 0) {
      const current = requireEntry(index, uuid)
      throwIfErrors(errors, prepared.errors, precheck(ctx, index, body.data, locale ?? current.locale, prepared.errors, uuid))
    }
    const values = await hashPasswords(index, prepared.values)

    // Synchronous from here to putEntry (see createEntry).
    const current = requireEntry(index, uuid)
    const fields = merge(index, current.fields, values, prepared.cleared, mode)
    const target = locale ?? current.locale
    const storeErrors = storeChecks(ctx, index, fields, { locale: target, self: current.uuid })
    if (target !== current.locale && singletonTaken(index, target, current.uuid)) storeErrors.data = [SINGLETON_TAKEN]
    throwIfErrors(storeErrors)
    const at = now()
    const review = reviewAfterEdit(index, current)
    let entry: EntryRecord = { ...current, locale: target, fields, updated_at: at, ...(review ? { review } : {}) }
    if (state === 'published') checkMayPublish(index, entry)
    await ctx.store.putEntry(slug, entry, ctx.source)
    const events = [event(ctx, index, 'content.updated', entry, at)]
    if (state === 'published') {
      entry = (await publishDraft(ctx, index, entry)).entry
      events.push(event(ctx, index, 'content.published', entry))
    }
    await ctx.events.append(events)
    options.written?.(entry)
    return { data: output(index, entry, 'draft') }
  })
}

/** PUT keeps stored password hashes that were not sent; PATCH merges and drops cleared keys. */
function merge(index: ReturnType<typeof requireCollection>, current: FieldValues, values: FieldValues, cleared: string[], mode: 'replace' | 'patch'): FieldValues {
  const passwords = index.collection.fields.filter((f) => f.type === 'password').map((f) => f.name)
  const out: FieldValues = mode === 'patch' ? { ...current } : {}
  for (const name of passwords) if (current[name] !== undefined && values[name] === undefined) out[name] = current[name]
  for (const name of cleared) if (!passwords.includes(name)) delete out[name]
  for (const field of index.collection.fields) if (own(values, field.name) !== undefined) out[field.name] = own(values, field.name)
  return out
}

/**
 * Store checks run even when the schema already failed, so one 422 reports everything.
 * Runs on whatever of the input is well-formed enough; fields with schema errors are skipped.
 */
function precheck(ctx: ServiceContext, index: ReturnType<typeof requireCollection>, data: unknown, locale: string, skip: FieldErrors, self?: string): FieldErrors {
  const errors: FieldErrors = {}
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    Object.assign(errors, storeChecks(ctx, index, normalizedTop(index, data as Record<string, unknown>), { locale, skip, ...(self ? { self } : {}) }))
  }
  if (!self && singletonTaken(index, locale)) errors.data = [SINGLETON_TAKEN]
  return errors
}

/** Top-level values in a comparable form for store checks (refs lower-cased, `{value}` kept). */
function normalizedTop(index: ReturnType<typeof requireCollection>, data: Record<string, unknown>): FieldValues {
  const out: FieldValues = {}
  for (const field of index.collection.fields) {
    const v = own(data, field.name)
    if (v === undefined || v === null || v === '') continue
    if (field.type === 'relation' || field.type === 'media') {
      const list = (Array.isArray(v) ? v : [v]).map((r) => (r && typeof r === 'object' ? (r as { uuid?: unknown }).uuid : typeof r === 'string' ? r.toLowerCase() : r))
      out[field.name] = Array.isArray(v) ? list : list[0]
    } else out[field.name] = v
  }
  return out
}

/** A new singleton entry joins the translation group of the other locales' entry. */
function singletonGroup(index: ReturnType<typeof requireCollection>, locale: string): string | null {
  for (const e of index.entries.values()) if (!e.deleted_at && e.locale !== locale) return e.translation_group ?? null
  return null
}

/**
 * A scheduled change being applied (service/schedule/): the write happens only if the entry
 * still has this time scheduled (checked inside the entry's lock, so two runs apply it once),
 * and it clears that time in the same write of the entry's file.
 */
export interface DueChange {
  key: keyof EntrySchedule
  at: string
}

/** Thrown (409) when a due change is no longer scheduled: another run applied it, or it was changed. */
export const NOT_DUE = 'This change is no longer scheduled.'

function takeDue(current: EntryRecord, due: DueChange | undefined): EntryRecord {
  if (!due) return current
  if (current.schedule?.[due.key] !== due.at) throw conflict(NOT_DUE)
  const rest: EntrySchedule = { ...current.schedule, [due.key]: null }
  const { schedule: _, ...entry } = current
  return rest.publish_at || rest.unpublish_at ? { ...entry, schedule: rest } : entry
}

/** `POST /{collection}/{uuid}/publish`. */
export async function publishEntry(ctx: ServiceContext, slug: string, uuid: string, options: EntryWriteOptions & { due?: DueChange } = {}): Promise<EntryPublished> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    checkMayPublish(index, current)
    const { entry, version } = await publishDraft(ctx, index, takeDue(current, options.due))
    await ctx.events.append([event(ctx, index, 'content.published', entry)])
    options.written?.(entry)
    return { message: `Content published as v${version.version_number}.`, version_number: version.version_number, entry: output(index, entry, 'published') }
  })
}

/** `POST /{collection}/{uuid}/unpublish`: back to draft; versions are kept. */
export async function unpublishEntry(ctx: ServiceContext, slug: string, uuid: string, options: EntryWriteOptions & { due?: DueChange } = {}): Promise<Done> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  return withEntryLock(ctx, uuid, async () => {
    const stored = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, stored)
    const current = takeDue(stored, options.due)
    if (current.published === null) {
      // Nothing to unpublish; a due time is still cleared, so it is not applied again.
      if (current !== stored) await ctx.store.putEntry(slug, current, ctx.source)
      options.written?.(current)
      return { message: 'Content unpublished.' }
    }
    const entry: EntryRecord = { ...current, published: null, published_version: null, published_at: null, updated_at: now() }
    await ctx.store.putEntry(slug, entry, ctx.source)
    await ctx.events.append([{ ...event(ctx, index, 'content.unpublished', entry), version: current.published_version }])
    options.written?.(entry)
    return { message: 'Content unpublished.' }
  })
}

/** `POST /{collection}/{uuid}/discard-draft`: the draft goes back to the published snapshot. */
export async function discardDraft(ctx: ServiceContext, slug: string, uuid: string, options: EntryWriteOptions = {}): Promise<EntryDiscarded> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    if (current.published === null || stableJson(current.published) === stableJson(current.fields)) {
      throw unprocessable('No unpublished changes to discard.')
    }
    const entry: EntryRecord = { ...current, fields: current.published, updated_at: now() }
    await ctx.store.putEntry(slug, entry, ctx.source)
    await ctx.events.append([event(ctx, index, 'content.updated', entry)])
    options.written?.(entry)
    return { message: 'Draft discarded; restored to the published version.', entry: output(index, entry, 'published') }
  })
}

/** `DELETE /{collection}/{uuid}[?force=1]`: to the trash, or (force) the file and its versions. */
export async function deleteEntry(ctx: ServiceContext, slug: string, uuid: string, options: { force?: boolean } & EntryWriteOptions = {}): Promise<Done> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid, { trashed: true })
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid, { trashed: true })
    checkIfMatch(options.ifMatch, current)
    if (options.force) {
      await ctx.store.removeEntry(slug, current.uuid, ctx.source)
      await ctx.events.append([event(ctx, index, 'content.deleted', current)])
    } else if (!current.deleted_at) {
      const at = now()
      const entry: EntryRecord = { ...current, deleted_at: at, updated_at: at }
      await ctx.store.putEntry(slug, entry, ctx.source)
      await ctx.events.append([event(ctx, index, 'content.trashed', entry, at)])
      options.written?.(entry)
    }
    return { message: 'Content deleted.' }
  })
}

/** `POST /{collection}/{uuid}/restore`: out of the trash, if its unique values are still free. */
export async function restoreEntry(ctx: ServiceContext, slug: string, uuid: string, options: EntryWriteOptions = {}): Promise<EntryRestored> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid, { trashed: true })
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid, { trashed: true })
    checkIfMatch(options.ifMatch, current)
    if (!current.deleted_at) throw unprocessable('Content is not in the trash.')
    const uniqueOnly = { ...index.collection, fields: index.collection.fields.filter((f) => f.validations?.unique?.status && f.type !== 'relation' && f.type !== 'media') }
    const errors = storeChecks(ctx, { ...index, collection: uniqueOnly }, current.fields, { locale: current.locale, self: current.uuid })
    if (singletonTaken(index, current.locale, current.uuid)) errors.data = [SINGLETON_TAKEN]
    if (Object.keys(errors).length > 0) throw unprocessable('Content cannot be restored: another entry now holds its place.', errors)
    const entry: EntryRecord = { ...current, deleted_at: null, updated_at: now() }
    await ctx.store.putEntry(slug, entry, ctx.source)
    await ctx.events.append([event(ctx, index, 'content.restored', entry)])
    options.written?.(entry)
    return { message: 'Content restored.', data: output(index, entry, 'draft') }
  })
}
