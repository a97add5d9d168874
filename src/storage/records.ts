import type { AssetRecord, Collection, EntryRecord, EntryReview, Field, Project, TokenRecord, VersionRecord, WebhookRecord } from '../core/types.ts'
import { newUuid } from '../core/ids.ts'

/**
 * Turn parsed, schema-checked file contents into records with every key present, so the
 * rest of the code never meets `undefined` where the format allows a default.
 */

export function toProject(raw: Record<string, unknown>): Project {
  return {
    uuid: String(raw.uuid),
    name: String(raw.name),
    description: (raw.description as string | null | undefined) ?? null,
    default_locale: String(raw.default_locale),
    locales: raw.locales as string[],
    api: raw.api === 'private' ? 'private' : 'public',
    ...(raw.preview_url !== undefined ? { preview_url: raw.preview_url as string | null } : {}),
    ...(raw.public_drafts !== undefined ? { public_drafts: raw.public_drafts === true } : {}),
    ...(raw.auth !== undefined ? { auth: raw.auth as Project['auth'] } : {}),
    ...(raw.signed_urls !== undefined ? { signed_urls: raw.signed_urls as Project['signed_urls'] } : {}),
    ...(raw.media !== undefined ? { media: raw.media as Project['media'] } : {}),
    ...(raw.fallbacks !== undefined ? { fallbacks: raw.fallbacks as Record<string, string[]> } : {}),
  }
}

export function toField(raw: Record<string, unknown>): Field {
  const field: Field = {
    uuid: typeof raw.uuid === 'string' ? raw.uuid : newUuid(),
    type: raw.type as Field['type'],
    label: typeof raw.label === 'string' ? raw.label : String(raw.name),
    name: String(raw.name),
    description: (raw.description as string | null | undefined) ?? null,
    placeholder: (raw.placeholder as string | null | undefined) ?? null,
    options: isObject(raw.options) ? raw.options : {},
    validations: isObject(raw.validations) ? raw.validations : {},
  }
  if (field.type === 'group') field.children = Array.isArray(raw.children) ? raw.children.map((c) => toField(c as Record<string, unknown>)) : []
  return field
}

export function toCollection(raw: Record<string, unknown>, order = 0): Collection {
  return {
    uuid: String(raw.uuid),
    name: String(raw.name),
    slug: String(raw.slug),
    is_singleton: raw.is_singleton === true,
    ...(typeof raw.singular_name === 'string' && raw.singular_name.trim() ? { singular_name: raw.singular_name.trim() } : {}),
    order: typeof raw.order === 'number' ? raw.order : order,
    created_at: typeof raw.created_at === 'string' ? raw.created_at : new Date(0).toISOString(),
    updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : new Date(0).toISOString(),
    fields: Array.isArray(raw.fields) ? raw.fields.map((f) => toField(f as Record<string, unknown>)) : [],
    ...(raw.workflow === 'review' ? { workflow: 'review' as const } : {}),
  }
}

/** The collection as written to YAML: the record minus nothing, keys in a fixed order. */
export function collectionDocument(c: Collection): Record<string, unknown> {
  return {
    uuid: c.uuid, name: c.name, slug: c.slug, ...(c.singular_name ? { singular_name: c.singular_name } : {}), is_singleton: c.is_singleton, order: c.order,
    created_at: c.created_at, updated_at: c.updated_at, fields: c.fields.map(fieldDocument),
    ...(c.workflow ? { workflow: c.workflow } : {}),
  }
}

function fieldDocument(f: Field): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    uuid: f.uuid, type: f.type, label: f.label, name: f.name, description: f.description,
    placeholder: f.placeholder, options: f.options, validations: f.validations,
  }
  if (f.type === 'group') doc.children = (f.children ?? []).map(fieldDocument)
  return doc
}

export function projectDocument(p: Project): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    uuid: p.uuid, name: p.name, description: p.description, default_locale: p.default_locale, locales: p.locales, api: p.api,
  }
  if (p.preview_url !== undefined) doc.preview_url = p.preview_url
  if (p.public_drafts !== undefined) doc.public_drafts = p.public_drafts
  if (p.auth !== undefined) doc.auth = p.auth
  if (p.signed_urls !== undefined) doc.signed_urls = p.signed_urls
  if (p.media !== undefined) doc.media = p.media
  if (p.fallbacks !== undefined) doc.fallbacks = p.fallbacks
  return doc
}

export function toEntry(raw: Record<string, unknown>): EntryRecord {
  const fields = raw.fields as Record<string, unknown>
  const published = (raw.published as Record<string, unknown> | null | undefined) ?? null
  return {
    uuid: String(raw.uuid).toLowerCase(),
    locale: String(raw.locale),
    translation_group: (raw.translation_group as string | null | undefined) ?? null,
    created_at: (raw.created_at as string | undefined) ?? new Date(0).toISOString(),
    updated_at: (raw.updated_at as string | undefined) ?? (raw.created_at as string | undefined) ?? new Date(0).toISOString(),
    published_at: published ? ((raw.published_at as string | null | undefined) ?? null) : null,
    published_version: published ? ((raw.published_version as number | null | undefined) ?? 1) : null,
    deleted_at: (raw.deleted_at as string | null | undefined) ?? null,
    fields,
    published,
    ...scheduleAndReview(raw),
  }
}

/** `schedule` and `review` of an entry file, kept only when well formed (the file schema checks them). */
function scheduleAndReview(raw: Record<string, unknown>): Pick<EntryRecord, 'schedule' | 'review'> {
  const out: Pick<EntryRecord, 'schedule' | 'review'> = {}
  const s = raw.schedule as Record<string, unknown> | null | undefined
  if (isObject(s) && (typeof s.publish_at === 'string' || typeof s.unpublish_at === 'string')) {
    out.schedule = { publish_at: typeof s.publish_at === 'string' ? s.publish_at : null, unpublish_at: typeof s.unpublish_at === 'string' ? s.unpublish_at : null }
  }
  if (isObject(raw.review)) out.review = raw.review as unknown as EntryReview
  return out
}

export function toToken(raw: Record<string, unknown>): TokenRecord {
  return {
    name: String(raw.name),
    abilities: raw.abilities as TokenRecord['abilities'],
    hash: String(raw.hash),
    last4: typeof raw.last4 === 'string' ? raw.last4 : '',
    created_at: typeof raw.created_at === 'string' ? raw.created_at : new Date(0).toISOString(),
    expires_at: (raw.expires_at as string | null | undefined) ?? null,
  }
}

export function toWebhook(raw: Record<string, unknown>): WebhookRecord {
  return {
    uuid: String(raw.uuid),
    name: String(raw.name),
    description: (raw.description as string | null | undefined) ?? null,
    url: String(raw.url),
    events: raw.events as string[],
    sources: raw.sources as string[],
    payload: raw.payload !== false,
    status: raw.status !== false,
    collection_ids: Array.isArray(raw.collection_ids) ? (raw.collection_ids as string[]) : [],
    has_secret: raw.has_secret === true,
    created_at: typeof raw.created_at === 'string' ? raw.created_at : new Date(0).toISOString(),
    updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : new Date(0).toISOString(),
  }
}

export function toAsset(raw: Record<string, unknown>): AssetRecord {
  const str = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : null)
  return {
    uuid: String(raw.uuid),
    filename: String(raw.filename),
    original_filename: str('original_filename') ?? String(raw.filename),
    mime_type: String(raw.mime_type),
    size: Number(raw.size),
    sha256: str('sha256') ?? '',
    width: typeof raw.width === 'number' ? raw.width : null,
    height: typeof raw.height === 'number' ? raw.height : null,
    alt_text: str('alt_text'), title: str('title'), caption: str('caption'),
    description: str('description'), author: str('author'), copyright: str('copyright'),
    ...(typeof raw.focal_x === 'number' && typeof raw.focal_y === 'number' ? { focal_x: raw.focal_x, focal_y: raw.focal_y } : {}),
    ...(typeof raw.placeholder === 'string' ? { placeholder: raw.placeholder } : {}),
    created_at: str('created_at') ?? new Date(0).toISOString(),
    updated_at: str('updated_at') ?? str('created_at') ?? new Date(0).toISOString(),
    deleted_at: str('deleted_at'),
  }
}

const isObject = (v: unknown): v is Record<string, never> => !!v && typeof v === 'object' && !Array.isArray(v)

export function toVersionRecord(raw: Record<string, unknown>): VersionRecord {
  return {
    uuid: String(raw.uuid),
    entry_uuid: String(raw.entry_uuid),
    version_number: Number(raw.version_number),
    label: (raw.label as string | null | undefined) ?? null,
    description: (raw.description as string | null | undefined) ?? null,
    locale: String(raw.locale),
    translation_group: (raw.translation_group as string | null | undefined) ?? null,
    published_at: String(raw.published_at),
    created_at: (raw.created_at as string | undefined) ?? String(raw.published_at),
    updated_at: (raw.updated_at as string | undefined) ?? String(raw.published_at),
    ...(typeof raw.created_by === 'string' && raw.created_by ? { created_by: raw.created_by } : {}),
    fields: raw.fields as Record<string, unknown>,
  }
}
