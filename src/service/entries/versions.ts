import type { ServiceContext } from '../context.ts'
import type { EntryRecord, VersionRecord } from '../../core/types.ts'
import { notFound, ValidationError } from '../../core/errors.ts'
import { now } from '../../core/ids.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { checkMayPublish, reviewAfterEdit } from './review.ts'
import { event, output, publishDraft, requireCollection, requireEntry, withEntryLock } from './common.ts'
import { checkIfMatch, type EntryWriteOptions } from './etag.ts'
import type { EntryJson } from './view.ts'

/** Version history of an entry: list, read one, revert, label (the hosted service's v4 API). */

/** A version as the API answers it (list, label, revert): the record, its group renamed, whether it is live, who published it. */
export type VersionOutput = Pick<VersionRecord, 'uuid' | 'version_number' | 'label' | 'description' | 'locale' | 'published_at' | 'created_at' | 'updated_at'> & {
  translation_group_id: string | null
  is_current_published: boolean
  /** Who published it, when the server knows (a named token or session). */
  created_by: string | null
}

/** `GET /{collection}/{uuid}/versions/{n}`: the version with its fields as the API shows entries. */
export interface VersionDetail extends VersionOutput {
  snapshot: { fields: Record<string, unknown>; meta: { locale: string; translation_group_id: string | null } }
}

/** `POST .../versions/{n}/revert`. */
export interface VersionReverted {
  message: string
  version: VersionOutput
  entry: EntryJson
}

export function toVersionOutput(index: CollectionIndex, entry: EntryRecord, v: VersionRecord): VersionOutput {
  return {
    uuid: v.uuid, version_number: v.version_number, label: v.label, description: v.description, locale: v.locale,
    translation_group_id: v.translation_group, published_at: v.published_at, created_at: v.created_at, updated_at: v.updated_at,
    is_current_published: entry.published_version === v.version_number, created_by: v.created_by ?? null,
  }
}

/** Snapshot fields as the API shows entries (password and hidden fields removed). */
function snapshot(index: CollectionIndex, entry: EntryRecord, v: VersionRecord): VersionDetail['snapshot'] {
  const view = output(index, { ...entry, published: v.fields }, 'published')
  return { fields: view.fields as Record<string, unknown>, meta: { locale: v.locale, translation_group_id: v.translation_group } }
}

export function parseVersionNumber(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(n) || n < 1) throw notFound('Version not found.')
  return n
}

async function requireVersion(ctx: ServiceContext, index: CollectionIndex, entry: EntryRecord, n: number): Promise<VersionRecord> {
  const version = await ctx.store.readVersion(index.collection.slug, entry.uuid, n)
  if (!version || version.entry_uuid !== entry.uuid) throw notFound('Version not found.')
  return version
}

/** `GET /{collection}/{uuid}/versions`: newest first. */
export async function listEntryVersions(ctx: ServiceContext, slug: string, uuid: string): Promise<VersionOutput[]> {
  const index = requireCollection(ctx, slug)
  const entry = requireEntry(index, uuid)
  const versions = await ctx.store.listVersions(slug, entry.uuid)
  return versions.map((v) => toVersionOutput(index, entry, v))
}

/** `GET /{collection}/{uuid}/versions/{n}`: the version with its snapshot. */
export async function getEntryVersion(ctx: ServiceContext, slug: string, uuid: string, n: string | number): Promise<VersionDetail> {
  const index = requireCollection(ctx, slug)
  const entry = requireEntry(index, uuid)
  const version = await requireVersion(ctx, index, entry, parseVersionNumber(n))
  return { ...toVersionOutput(index, entry, version), snapshot: snapshot(index, entry, version) }
}

/** `POST .../versions/{n}/revert`: vN's snapshot becomes the draft and is published as a new version. */
export async function revertEntryVersion(ctx: ServiceContext, slug: string, uuid: string, n: string | number, options: EntryWriteOptions = {}): Promise<VersionReverted> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  const number = parseVersionNumber(n)
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    const source = await requireVersion(ctx, index, current, number)
    const label = source.label ? `Revert to v${number} (${source.label})` : `Revert to v${number}`
    const review = reviewAfterEdit(index, current)
    const draft: EntryRecord = { ...current, fields: source.fields, updated_at: now(), ...(review ? { review } : {}) }
    checkMayPublish(index, draft)
    const { entry, version } = await publishDraft(ctx, index, draft, label)
    await ctx.events.append([event(ctx, index, 'content.updated', entry), event(ctx, index, 'content.published', entry)])
    options.written?.(entry)
    return {
      message: `Reverted to version ${number} (new version v${version.version_number}).`,
      version: toVersionOutput(index, entry, version), entry: output(index, entry, 'published'),
    }
  })
}

/** `PATCH .../versions/{n}`: `{label?, description?}` (strings or null). */
export async function labelEntryVersion(ctx: ServiceContext, slug: string, uuid: string, n: string | number, body: Record<string, unknown>): Promise<VersionOutput> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  const number = parseVersionNumber(n)
  const errors: FieldErrors = {}
  const text = (key: 'label' | 'description', max: number): string | null | undefined => {
    const v = body[key]
    if (v === undefined) return undefined
    if (v === null) return null
    if (typeof v !== 'string') { errors[key] = [`The ${key} must be a string.`]; return undefined }
    if (v.length > max) { errors[key] = [`The ${key} may not be greater than ${max} characters.`]; return undefined }
    return v
  }
  const label = text('label', 255)
  const description = text('description', 2000)
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return withEntryLock(ctx, uuid, async () => {
    const entry = requireEntry(index, uuid)
    const current = await requireVersion(ctx, index, entry, number)
    const next: VersionRecord = {
      ...current, ...(label !== undefined ? { label } : {}), ...(description !== undefined ? { description } : {}), updated_at: now(),
    }
    await ctx.store.putVersion(slug, next)
    return toVersionOutput(index, entry, next)
  })
}
