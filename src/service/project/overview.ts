import type { ServiceContext } from '../context.ts'
import type { EntryRecord } from '../../core/types.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { findAssetReferences, requireAsset } from '../assets/manage.ts'
import { entryTitle, type RecentChange } from './activity.ts'
import { same } from '../../core/json-equal.ts'

/** A collection's entries by state and locale. */
export interface CollectionCounts {
  /** Entries not in the trash. */
  total: number
  /** Never published (or unpublished). */
  draft: number
  published: number
  /** Published, with a newer draft. */
  changed: number
  trashed: number
  /** Entries not in the trash, per locale (every project locale listed). */
  by_locale: Record<string, number>
}

/** A content file that does not read cleanly. */
export interface OverviewProblem {
  file: string
  line: number | null
  code: string
  message: string
}

/** A collection on the editor's home screen. */
export interface OverviewCollection {
  slug: string
  name: string
  /** Present (true) for a singleton. */
  singleton?: true
  counts: CollectionCounts
}

/** The editor's home screen (`GET /_admin/api/overview`). */
export interface Overview {
  collections: OverviewCollection[]
  recent: RecentChange[]
  problems: OverviewProblem[]
}

/** The editor's home screen: counts per collection, recent changes, broken files. */
export function overview(ctx: ServiceContext, recent: RecentChange[]): Overview {
  const collections = ctx.store.sortedCollections().map((collection): OverviewCollection => {
    const index = ctx.store.collection(collection.slug)!
    return { slug: collection.slug, name: collection.name, ...(collection.is_singleton ? { singleton: true as const } : {}), counts: countsOf(ctx, index) }
  })
  const problems = [...ctx.store.problems.values()]
    .map((p) => ({ file: p.file, line: p.line ?? null, code: p.code, message: p.message }))
    .sort((a, b) => a.file.localeCompare(b.file))
  return { collections, recent, problems }
}

/** Counts per collection revision; whether an entry has unpublished changes is remembered per (immutable) record. */
const COUNTS = new WeakMap<CollectionIndex, { revision: number; locales: string; counts: CollectionCounts }>()
const CHANGED = new WeakMap<EntryRecord, boolean>()

function countsOf(ctx: ServiceContext, index: CollectionIndex): CollectionCounts {
  const locales = ctx.store.project.locales.join(',')
  const hit = COUNTS.get(index)
  if (hit && hit.revision === index.revision && hit.locales === locales) return hit.counts
  const counts: CollectionCounts = { total: 0, draft: 0, published: 0, changed: 0, trashed: 0, by_locale: {} }
  for (const locale of ctx.store.project.locales) counts.by_locale[locale] = 0
  for (const entry of index.entries.values()) {
    if (entry.deleted_at) {
      counts.trashed++
      continue
    }
    counts.total++
    counts.by_locale[entry.locale] = (counts.by_locale[entry.locale] ?? 0) + 1
    if (!entry.published) {
      counts.draft++
      continue
    }
    counts.published++
    if (hasUnpublishedChanges(entry)) counts.changed++
  }
  COUNTS.set(index, { revision: index.revision, locales, counts })
  return counts
}

/** Published, and the draft differs from the published snapshot. */
function hasUnpublishedChanges(entry: EntryRecord): boolean {
  if (!entry.published || entry.published === entry.fields) return false
  let changed = CHANGED.get(entry)
  if (changed === undefined) CHANGED.set(entry, (changed = !same(entry.fields, entry.published)))
  return changed
}

/** An entry whose media field holds an asset. */
export interface AssetUser {
  collection: string
  /** The entry's uuid. */
  uuid: string
  /** The entry's title; null when it has none. */
  title: string | null
  /** The media field's path (`hero.image` in a group). */
  field: string
}

/** Where an asset is used (`GET /_admin/api/assets/{uuid}/usage`). */
export interface AssetUsage {
  data: AssetUser[]
}

/** `GET /_admin/api/assets/{uuid}/usage`: the entries whose media fields hold the asset (draft or published). */
export function assetUsage(ctx: ServiceContext, uuid: string): AssetUsage {
  const asset = requireAsset(ctx, uuid, { trashed: true })
  return {
    data: findAssetReferences(ctx, asset.uuid).map((ref) => {
      const index = ctx.store.collection(ref.collection)
      const entry = index?.entries.get(ref.entry_uuid)
      return { collection: ref.collection, uuid: ref.entry_uuid, title: index && entry ? entryTitle(index.collection, entry) : null, field: ref.field }
    }),
  }
}
