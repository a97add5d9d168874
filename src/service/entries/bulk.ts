import type { ServiceContext } from '../context.ts'
import type { DomainEvent, EntryRecord, FieldValues } from '../../core/types.ts'
import { badRequest, ValidationError } from '../../core/errors.ts'
import { isUuid, newUuid, now } from '../../core/ids.ts'
import { prepareInput } from '../../schema/validate-entry.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { SINGLETON_TAKEN, singletonTaken, storeChecks } from './checks.ts'
import { checkMayPublish, reviewAfterEdit } from './review.ts'
import { event, hashPasswords, output, parseLocale, parseState, publishDraft, publishedBy, putEntriesTogether, requireCollection, withEntryLock } from './common.ts'
import { deleteEntry } from './write.ts'
import type { BulkDeleted, BulkWritten } from './entry-answers.ts'

/**
 * `POST|PATCH|DELETE /bulk/{collection}/entries`. Items are validated together (errors keyed
 * `items.<i>.<key>`) and nothing is written unless every item passes: all-or-nothing.
 */
const BULK_MAX_ITEMS = 1000

function itemsOf(body: Record<string, unknown>, key: 'items' | 'uuids'): unknown[] {
  const items = body[key]
  if (!Array.isArray(items) || items.length === 0) throw new ValidationError({ [key]: [`The ${key} field is required and must be a non-empty array.`] })
  if (items.length > BULK_MAX_ITEMS) throw new ValidationError({ [key]: [`The ${key} may not have more than ${BULK_MAX_ITEMS} elements.`] })
  return items
}

const rekey = (i: number, errors: FieldErrors, into: FieldErrors) => {
  for (const [k, v] of Object.entries(errors)) into[`items.${i}.${k}`] = v
}

interface Planned { i: number; state: 'draft' | 'published' | undefined; locale: string | undefined; values: FieldValues; cleared: string[]; uuid?: string }

function plan(ctx: ServiceContext, slug: string, items: unknown[], mode: 'create' | 'patch'): { planned: Planned[]; errors: FieldErrors } {
  const index = requireCollection(ctx, slug)
  const errors: FieldErrors = {}
  const planned: Planned[] = []
  items.forEach((raw, i) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) { errors[`items.${i}`] = ['Each item must be an object.']; return }
    const item = raw as Record<string, unknown>
    const own: FieldErrors = {}
    const state = parseState(item, own)
    const locale = parseLocale(ctx, item.locale, own)
    if (mode === 'patch' && !isUuid(item.uuid)) own.uuid = ['The uuid field is required and must be a valid UUID.']
    const prepared = prepareInput(index.collection, item.data, mode)
    rekey(i, { ...own, ...prepared.errors }, errors)
    planned.push({ i, state, locale, values: prepared.values, cleared: prepared.cleared, ...(mode === 'patch' ? { uuid: String(item.uuid).toLowerCase() } : {}) })
  })
  return { planned, errors }
}

export async function bulkCreate(ctx: ServiceContext, slug: string, body: Record<string, unknown>): Promise<BulkWritten> {
  const index = requireCollection(ctx, slug)
  const { planned, errors } = plan(ctx, slug, itemsOf(body, 'items'), 'create')
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  if (planned.some((p) => p.state === 'published')) checkMayPublish(index, null)
  for (const p of planned) p.values = await hashPasswords(index, p.values)

  // One synchronous stretch: check every item against the index and the items before it, then insert all.
  const at = now()
  const records: EntryRecord[] = []
  for (const p of planned) {
    const locale = p.locale ?? ctx.store.project.default_locale
    const own = storeChecks(ctx, index, p.values, { locale, pending: records })
    if (singletonTaken(index, locale, undefined, records)) own.data = [`${SINGLETON_TAKEN.slice(0, -1)} for this locale.`]
    rekey(p.i, own, errors)
    const published = p.state === 'published'
    records.push({
      uuid: newUuid(), locale, translation_group: null, created_at: at, updated_at: at, published_at: published ? at : null,
      published_version: published ? 1 : null, deleted_at: null, fields: p.values, published: published ? p.values : null,
    })
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  // All or nothing on disk too: the versions first, then the entries; a failed write takes every item back.
  await ctx.store.putNewEntries(slug, records.map((e) => ({
    entry: e,
    version: e.published ? {
      uuid: newUuid(), entry_uuid: e.uuid, version_number: 1, label: null, description: null, locale: e.locale,
      translation_group: null, published_at: at, created_at: at, updated_at: at, fields: e.fields, ...publishedBy(),
    } : null,
  })), ctx.source)
  await ctx.events.append(records.flatMap((e) => [
    event(ctx, index, 'content.created', e, at), ...(e.published ? [event(ctx, index, 'content.published', e, at)] : []),
  ]))
  return { message: 'Bulk content created successfully.', data: records.map((e) => output(index, e, e.published ? 'published' : 'draft')) }
}

export async function bulkUpdate(ctx: ServiceContext, slug: string, body: Record<string, unknown>): Promise<BulkWritten> {
  const index = requireCollection(ctx, slug)
  const { planned, errors } = plan(ctx, slug, itemsOf(body, 'items'), 'patch')
  const missing = planned.filter((p) => { const e = index.entries.get(p.uuid!); return !e || e.deleted_at })
  if (missing.length > 0) errors.items = [`Some entries do not exist in this collection: ${missing.map((p) => p.uuid).join(', ')}`]
  if (new Set(planned.map((p) => p.uuid)).size !== planned.length) errors.items = [...(errors.items ?? []), 'Each uuid may appear only once.']
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  for (const p of planned) p.values = await hashPasswords(index, p.values)

  const at = now()
  const records: EntryRecord[] = []
  const before = new Map<string, EntryRecord>()
  for (const p of planned) {
    const current = index.entries.get(p.uuid!)
    if (!current || current.deleted_at) { errors.items = [`Some entries do not exist in this collection: ${p.uuid}`]; continue }
    const fields: FieldValues = { ...current.fields }
    for (const name of p.cleared) if (index.collection.fields.find((f) => f.name === name)?.type !== 'password') delete fields[name]
    Object.assign(fields, p.values)
    const locale = p.locale ?? current.locale
    const others = records.filter((r) => r.uuid !== current.uuid)
    const own = storeChecks(ctx, index, fields, { locale, self: current.uuid, pending: others })
    if (locale !== current.locale && singletonTaken(index, locale, current.uuid, others)) own.data = [`${SINGLETON_TAKEN.slice(0, -1)} for this locale.`]
    rekey(p.i, own, errors)
    const review = reviewAfterEdit(index, current)
    const record: EntryRecord = { ...current, locale, fields, updated_at: at, ...(review ? { review } : {}) }
    if (p.state === 'published') checkMayPublish(index, record)
    records.push(record)
    before.set(current.uuid, current)
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  await putEntriesTogether(ctx, index, records, before)
  const events: DomainEvent[] = records.map((e) => event(ctx, index, 'content.updated', e, at))
  const out: EntryRecord[] = []
  // Publishing mints versions, one entry at a time under its lock (never a state without a version).
  for (const [k, e] of records.entries()) {
    if (planned[k]!.state !== 'published') { out.push(e); continue }
    const published = await withEntryLock(ctx, e.uuid, async () => (await publishDraft(ctx, index, index.entries.get(e.uuid) ?? e)).entry)
    events.push(event(ctx, index, 'content.published', published))
    out.push(published)
  }
  await ctx.events.append(events)
  return { message: 'Bulk content updated successfully.', data: out.map((e) => output(index, e, 'draft')) }
}

export async function bulkDelete(ctx: ServiceContext, slug: string, body: Record<string, unknown>): Promise<BulkDeleted> {
  const index = requireCollection(ctx, slug)
  const uuids = itemsOf(body, 'uuids')
  if (!uuids.every(isUuid)) throw new ValidationError({ uuids: ['Every uuid must be a valid UUID.'] })
  const force = body.force === true || body.force === 1 || body.force === '1' || body.force === 'true'
  if (body.force !== undefined && typeof body.force !== 'boolean' && !['1', '0', 'true', 'false', 1, 0].includes(body.force as string)) throw badRequest('force must be a boolean.')
  const list = [...new Set(uuids.map((u) => (u as string).toLowerCase()))]
  const missing = list.filter((u) => !index.entries.has(u))
  if (missing.length > 0) throw new ValidationError({ uuids: [`Some entries do not exist in this collection: ${missing.join(', ')}`] })
  for (const uuid of list) await deleteEntry(ctx, slug, uuid, { force })
  return { message: 'Bulk content deleted successfully.', count: list.length, force }
}
