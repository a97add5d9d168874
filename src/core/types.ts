/**
 * Plain data shapes shared by every layer. No classes, no IO: these are what the
 * files in `content/` hold once parsed, and what the index keeps in memory.
 */

export const FIELD_TYPES = [
  'text', 'longtext', 'richtext', 'slug', 'email', 'password', 'number', 'enumeration',
  'boolean', 'color', 'date', 'datetime', 'time', 'media', 'relation', 'json', 'group',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

export const ABILITIES = ['read', 'create', 'update', 'delete', 'admin', 'introspect'] as const
export type Ability = (typeof ABILITIES)[number]

export interface Project {
  uuid: string
  name: string
  description: string | null
  default_locale: string
  locales: string[]
  api: 'public' | 'private'
  preview_url?: string | null
  /** `public_drafts: true`: anonymous reads of a public project may ask for drafts (the hosted service's behaviour). */
  public_drafts?: boolean
  /** Project auth for end users (`auth:` in project.yaml); absent means off. See end-users/settings.ts. */
  auth?: ProjectAuthConfig
  /** Lifetime of a private project's signed file URLs (`signed_urls: {ttl: <seconds>}`, default 3600; docs/media.md). */
  signed_urls?: { ttl?: number }
  /** Image derivatives `cms export` writes beside the JSON (`media: {widths: [...], formats: [...]}`; docs/media.md). */
  media?: { widths?: number[]; formats?: Array<'webp' | 'avif' | 'jpeg' | 'png'> }
  /** Locale fallback chains (`fallbacks: { de-AT: [de, en] }`); a locale without one falls back to the default locale (docs/locales.md). */
  fallbacks?: Record<string, string[]>
}

/** `auth:` in project.yaml as written (defaults are applied by end-users/settings.ts). */
export interface ProjectAuthConfig {
  enabled?: boolean
  email_verification?: boolean
  /** Seconds, or a duration such as `15m`, `12h`, `30d`. */
  access_token_ttl?: string | number
  refresh_token_ttl?: string | number
  /** Where verification links point (the site's page that confirms); default: this server's confirm route. */
  verification_url?: string | null
  /** Requests per minute per client (0 turns one off). */
  rate_limits?: Partial<Record<'signup' | 'login' | 'refresh' | 'api_keys' | 'introspect' | 'verification_resend' | 'verification_confirm', number>>
}

/** `validations` object as the hosted service's templates carry it. */
export interface FieldValidations {
  required?: { status: boolean; message?: string | null }
  unique?: { status: boolean; message?: string | null }
  charcount?: {
    status: boolean
    type?: 'Between' | 'Min' | 'Max'
    min?: number | null
    max?: number | null
    message?: string | null
  }
}

/** `options` object as the hosted service's templates carry it (every key optional). */
export interface FieldOptions {
  mode?: 'single' | 'range'
  slug?: { field: string | null; readonly?: boolean }
  media?: { type: 1 | 2 }
  editor?: { type?: number; mode?: string; outputFormat?: string }
  multiple?: boolean
  relation?: { type: 1 | 2; collection: string | null }
  repeatable?: boolean
  enumeration?: { list: Array<string | number>; multiple?: boolean }
  hiddenInAPI?: boolean
  includeTime?: boolean
  includeDraft?: boolean
  numberOfMonths?: number
  hideInContentList?: boolean
  [key: string]: unknown
}

export interface Field {
  uuid: string
  type: FieldType
  label: string
  name: string
  description: string | null
  placeholder: string | null
  options: FieldOptions
  validations: FieldValidations
  /** Child fields of a group (groups only). */
  children?: Field[]
}

export interface Collection {
  uuid: string
  name: string
  slug: string
  is_singleton: boolean
  /** What one entry is called ("Article" for Articles), for the editor and reviews; absent: derived from the name. */
  singular_name?: string
  /** Position in `GET /collections`; lower first. */
  order: number
  created_at: string
  updated_at: string
  fields: Field[]
  /** `workflow: review` in the schema file: entries are reviewed before they are published (docs/scheduling.md). */
  workflow?: 'review'
}

/** Field values keyed by field name, in their stored form (see docs/content-format.md). */
export type FieldValues = Record<string, unknown>

/**
 * One entry file: `entries/<slug>/<uuid>.json`. The draft (`fields`) and the published
 * snapshot (`published`) live side by side so a pull request shows both.
 */
export interface EntryRecord {
  uuid: string
  locale: string
  translation_group: string | null
  created_at: string
  updated_at: string
  /** First publication time; null while the entry is not published. */
  published_at: string | null
  /** Number of the version currently published; null while not published. */
  published_version: number | null
  /** Set when the entry is in the trash. */
  deleted_at: string | null
  /** The live draft. */
  fields: FieldValues
  /** The published snapshot, or null when not published. */
  published: FieldValues | null
  /** Pending scheduled changes (UTC ISO times); absent when nothing is scheduled (docs/scheduling.md). */
  schedule?: EntrySchedule
  /** Review state on collections with `workflow: review`; absent until first moved. */
  review?: EntryReview
}

export interface EntrySchedule {
  publish_at: string | null
  unpublish_at: string | null
}

export const REVIEW_STATES = ['draft', 'in_review', 'approved'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/** One move of an entry's review state: who, when, an optional note. */
export interface ReviewStep {
  state: ReviewState
  by: string | null
  at: string
  note?: string | null
}

export interface EntryReview extends ReviewStep {
  /** Earlier moves, oldest first (the current one is the record itself). */
  history?: ReviewStep[]
}

/** One version file: `versions/<slug>/<uuid>/<n>.json`. */
export interface VersionRecord {
  uuid: string
  entry_uuid: string
  version_number: number
  label: string | null
  description: string | null
  locale: string
  translation_group: string | null
  published_at: string
  created_at: string
  updated_at: string
  /** Who published it (the writer's name, when the request named one; absent for the local identity). */
  created_by?: string
  fields: FieldValues
}

export interface TokenRecord {
  name: string
  abilities: Ability[]
  /** hex SHA-256 of the token. */
  hash: string
  last4: string
  created_at: string
  expires_at: string | null
}

export interface WebhookRecord {
  uuid: string
  name: string
  description: string | null
  url: string
  events: string[]
  sources: string[]
  payload: boolean
  status: boolean
  /** Collection uuids; empty means all collections. */
  collection_ids: string[]
  /** Whether a secret was set (the secret itself lives in `.cms/`). */
  has_secret: boolean
  created_at: string
  updated_at: string
}

export interface AssetRecord {
  uuid: string
  filename: string
  original_filename: string
  mime_type: string
  size: number
  sha256: string
  width: number | null
  height: number | null
  alt_text: string | null
  title: string | null
  caption: string | null
  description: string | null
  author: string | null
  copyright: string | null
  /** Focal point (0..1 from the left and the top) that `fit=cover` crops keep; absent: the centre. */
  focal_x?: number | null
  focal_y?: number | null
  /** A tiny blurred image as a data URL (a few hundred bytes), for layout without shift; made at upload. */
  placeholder?: string | null
  created_at: string
  updated_at: string
  deleted_at: string | null
}

/**
 * An asset as the API answers it (`/files`, media fields): the hosted service's shape plus what
 * we know exactly (`bytes`, `sha256`, `extension`, timestamps). Built by service/assets/view.ts
 * (`toAssetJson` is checked against it); the editor and the generated types read the same shape.
 */
export interface AssetJson {
  uuid: string
  /** The original file name (`AssetRecord.original_filename`). */
  filename: string
  stored_filename: string
  extension: string
  mime_type: string
  /** Human-readable (`1.2 MB`); the exact count is `bytes`. */
  size: string
  bytes: number
  sha256: string
  url: string
  original_url: string
  thumbnail_url: string | null
  pending_image_processing: boolean
  metadata: Pick<AssetRecord, 'alt_text' | 'title' | 'caption' | 'description' | 'author' | 'copyright' | 'width' | 'height'> & {
    focal_x: number | null
    focal_y: number | null
    placeholder: string | null
  }
  created_at: string
  updated_at: string
  deleted_at: string | null
}

export type EventSource = 'api' | 'cli' | 'file' | 'schedule'

/** A domain event, appended to the webhook outbox by the service layer. */
export interface DomainEvent {
  event: string
  source: EventSource
  collection?: { uuid: string; slug: string }
  entry_uuid?: string
  asset_uuid?: string
  version?: number | null
  /** The release this change went live with (releases, docs/scheduling.md). */
  release?: { id: string; name: string }
  at: string
}

/** A `?paginate=N` answer's links (the hosted service's envelope). */
export interface PageLinks { first: string; last: string; prev: string | null; next: string | null }
export interface PageMeta { current_page: number; from: number | null; last_page: number; path: string; per_page: number; to: number | null; total: number }
/** A paginated answer: `data`, `links`, `meta`. */
export interface Page<T> { data: T[]; links: PageLinks; meta: PageMeta }
