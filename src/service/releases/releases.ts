import type { ServiceContext } from '../context.ts'
import { conflict, notFound, unprocessable, ValidationError } from '../../core/errors.ts'
import { isUuid, newUuid, now } from '../../core/ids.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { stableJson } from '../entries/common.ts'
import { parseScheduleTime } from '../schedule/times.ts'
import { releaseBook, type Release, type ReleaseItem } from './store.ts'

/**
 * Releases (docs/scheduling.md): a named set of entry publishes and unpublishes that go live
 * together, now (`POST /_releases/{id}/publish`) or at `publish_at` (the scheduler). This file
 * puts them together; publish.ts makes them live.
 */

const NAME_MAX = 200
const ITEMS_MAX = 5000

/** The body of `POST /_releases`: a name (at most 200 characters) and, to schedule it, a time (ISO 8601 with an offset, in the future). */
export interface ReleaseInput {
  name: string
  publish_at?: string | null
}

/** The body of `PATCH /_releases/{id}`: a new name, a time to schedule it, or null to unschedule it. */
export interface ReleasePatch {
  name?: string
  publish_at?: string | null
}

/** The body of `POST /_releases/{id}/items`: the entry, and what the release does to it (publish when not given). */
export interface ReleaseItemInput {
  collection: string
  uuid: string
  action?: ReleaseItem['action']
}

/** What `DELETE /_releases/{id}` answers. */
export interface ReleaseDeleted {
  message: string
}

/** `POST /_releases` `{name, publish_at?}` → `{id, name, state, publish_at, items}`. */
export async function createRelease(ctx: ServiceContext, body: Record<string, unknown>): Promise<Release> {
  const errors: FieldErrors = {}
  const name = checkName(body.name, errors)
  const publishAt = parseScheduleTime(body.publish_at, 'publish_at', errors)
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const at = now()
  const release: Release = {
    id: newUuid(), name: name!, state: publishAt ? 'scheduled' : 'draft', publish_at: publishAt ?? null, published_at: null,
    created_at: at, updated_at: at, items: [],
  }
  const book = releaseBook(ctx.store)
  await book.serial(() => book.put(release))
  return release
}

/** `PATCH /_releases/{id}` `{name?, publish_at?}`: rename, schedule (a time) or unschedule (null). */
export async function updateRelease(ctx: ServiceContext, id: string, body: Record<string, unknown>): Promise<Release> {
  const errors: FieldErrors = {}
  const name = body.name === undefined ? undefined : checkName(body.name, errors)
  const publishAt = parseScheduleTime(body.publish_at, 'publish_at', errors)
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const book = releaseBook(ctx.store)
  return book.serial(async () => {
    const current = openRelease(await requireRelease(ctx, id))
    const at = publishAt === undefined ? current.publish_at : publishAt
    const next: Release = { ...current, name: name ?? current.name, publish_at: at, state: at ? 'scheduled' : 'draft', updated_at: now() }
    await book.put(next)
    return next
  })
}

/** `POST /_releases/{id}/items` `{collection, uuid, action}`: adds an entry (or changes its action). */
export async function addReleaseItem(ctx: ServiceContext, id: string, body: Record<string, unknown>): Promise<Release> {
  const errors: FieldErrors = {}
  if (typeof body.collection !== 'string' || body.collection === '') errors.collection = ['The collection field is required.']
  if (typeof body.uuid !== 'string' || !isUuid(body.uuid)) errors.uuid = ['The uuid field is required and must be a valid UUID.']
  const action = body.action ?? 'publish'
  if (action !== 'publish' && action !== 'unpublish') errors.action = ['The action must be "publish" or "unpublish".']
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const slug = body.collection as string
  const uuid = (body.uuid as string).toLowerCase()
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  const entry = index.entries.get(uuid)
  if (!entry || entry.deleted_at) throw notFound('Content not found.')
  const book = releaseBook(ctx.store)
  return book.serial(async () => {
    const current = openRelease(await requireRelease(ctx, id))
    const item: ReleaseItem = { collection: slug, uuid, action: action as ReleaseItem['action'] }
    const items = current.items.filter((i) => i.uuid !== uuid)
    if (items.length >= ITEMS_MAX) throw unprocessable(`A release holds at most ${ITEMS_MAX} entries.`, { items: ['Too many entries.'] })
    const next: Release = { ...current, items: [...items, item], updated_at: now() }
    await book.put(next)
    return next
  })
}

/** `DELETE /_releases/{id}/items/{uuid}`: takes an entry out of the release. */
export async function removeReleaseItem(ctx: ServiceContext, id: string, uuid: string): Promise<Release> {
  const book = releaseBook(ctx.store)
  return book.serial(async () => {
    const current = openRelease(await requireRelease(ctx, id))
    const items = current.items.filter((i) => i.uuid !== uuid.toLowerCase())
    if (items.length === current.items.length) throw notFound('This entry is not in the release.')
    const next: Release = { ...current, items, updated_at: now() }
    await book.put(next)
    return next
  })
}

/** `DELETE /_releases/{id}`: removes a release that is not published. */
export async function deleteRelease(ctx: ServiceContext, id: string): Promise<ReleaseDeleted> {
  const book = releaseBook(ctx.store)
  return book.serial(async () => {
    openRelease(await requireRelease(ctx, id))
    await book.remove(id)
    return { message: 'Release deleted.' }
  })
}

/** `GET /_releases` → `{data: [release]}`, those going live soonest first, published ones last (newest first). */
export async function listReleases(ctx: ServiceContext): Promise<{ data: Release[] }> {
  const all = [...(await releaseBook(ctx.store).all()).values()]
  const rank = (r: Release) => (r.state === 'scheduled' ? 0 : r.state === 'draft' ? 1 : 2)
  all.sort((a, b) => rank(a) - rank(b) || (a.state === 'published' ? (b.published_at ?? '').localeCompare(a.published_at ?? '') : (a.publish_at ?? a.created_at).localeCompare(b.publish_at ?? b.created_at)))
  return { data: all }
}

/**
 * `GET /_releases/{id}`: the release, each item with what will change when it goes live
 * (`title`, `locale`, `changes: [{field, before, after}]` between the published snapshot and
 * the draft; for an unpublish, `before` is the live value and `after` null).
 */
export interface ReleaseChange { field: string; label: string; before: unknown; after: unknown }
/** An item of `GET /_releases/{id}`: `missing` when its entry is gone (then no title, locale or changes). */
export type ReleaseDetailItem = ReleaseItem & { missing: boolean; title: string | null; locale: string | null; published?: boolean; changes: ReleaseChange[] }
export type ReleaseDetail = Omit<Release, 'items'> & { items: ReleaseDetailItem[] }

export async function getRelease(ctx: ServiceContext, id: string): Promise<ReleaseDetail> {
  const release = await requireRelease(ctx, id)
  const items = release.items.map((item): ReleaseDetailItem => {
    const index = ctx.store.collection(item.collection)
    const entry = index?.entries.get(item.uuid)
    if (!index || !entry || entry.deleted_at) return { ...item, missing: true, title: null, locale: null, changes: [] }
    const changes: ReleaseChange[] = []
    for (const field of index.collection.fields) {
      if (field.type === 'password' || field.options.hiddenInAPI) continue
      const before = entry.published?.[field.name] ?? null
      const after = item.action === 'unpublish' ? null : entry.fields[field.name] ?? null
      if (stableJson(before) !== stableJson(after)) changes.push({ field: field.name, label: field.label, before, after })
    }
    return { ...item, missing: false, title: titleOf(index.collection.fields, entry.fields), locale: entry.locale, published: entry.published !== null, changes }
  })
  return { ...release, items }
}

/** The first text field's value, for people (titles, not ids). */
function titleOf(fields: ReadonlyArray<{ name: string; type: string }>, values: Record<string, unknown>): string | null {
  for (const f of fields) if ((f.type === 'text' || f.type === 'slug') && typeof values[f.name] === 'string' && values[f.name]) return values[f.name] as string
  return null
}

export async function requireRelease(ctx: ServiceContext, id: string): Promise<Release> {
  const release = isUuid(id) ? (await releaseBook(ctx.store).all()).get(id.toLowerCase()) : undefined
  if (!release) throw notFound('Release not found.')
  return release
}

function openRelease(release: Release): Release {
  if (release.state === 'published') throw conflict('This release is already published: it can no longer change.')
  return release
}

function checkName(raw: unknown, errors: FieldErrors): string | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return void (errors.name = ['The name field is required.'])
  if (raw.trim().length > NAME_MAX) return void (errors.name = [`The name may have at most ${NAME_MAX} characters.`])
  return raw.trim()
}
