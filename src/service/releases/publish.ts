import type { ServiceContext } from '../context.ts'
import type { DomainEvent, EntryRecord, EventSource, VersionRecord } from '../../core/types.ts'
import { conflict, unprocessable } from '../../core/errors.ts'
import { newUuid, now } from '../../core/ids.ts'
import { endScope, writeScope, type WriteScope } from '../../git/scope.ts'
import { withEntryLock } from '../entries/common.ts'
import { checkMayPublish, hasReview, reviewStateOf } from '../entries/review.ts'
import { requireRelease } from './releases.ts'
import { releaseBook, type Release } from './store.ts'

/**
 * Making a release live, all or nothing (docs/scheduling.md):
 * 1. with every entry of the release locked, the new records (and versions) are computed;
 * 2. they are written to the release journal (`.cms/release-journal.json`), durably, before
 *    any entry file changes: from here on the release WILL go live;
 * 3. the files are written, versions first (store.putEntriesAtOnce), and memory changes for all
 *    of them in one synchronous step after the last file, so a reader sees all or none;
 * 4. the release file says `published`, the events are appended, the journal is removed.
 * A process killed after 2 leaves the journal: the next writer to open the tree finishes the
 * release from it before serving (resumeReleasePublish), so after a restart all are published;
 * killed before 2, none are.
 */

interface Journal {
  format: 'cms-release-journal/1'
  release: Release
  source: EventSource
  items: Array<{ slug: string; entry: EntryRecord; version: VersionRecord | null }>
  events: DomainEvent[]
  started_at: string
  pid: number
}

/** `POST /_releases/{id}/publish` (and the scheduler): answers with the release once it is live. */
export async function publishRelease(ctx: ServiceContext, id: string, options: { due?: string } = {}): Promise<Release> {
  const book = releaseBook(ctx.store)
  return book.serial(async () => {
    const release = await requireRelease(ctx, id)
    if (release.state === 'published') throw conflict('This release is already published.')
    if (options.due !== undefined && (release.state !== 'scheduled' || release.publish_at !== options.due)) throw conflict('This release is no longer scheduled for that time.')
    if (release.items.length === 0) throw unprocessable('This release has no entries: add some before publishing it.', { items: ['The release is empty.'] })
    return inOneCommit(() => withEntryLocks(ctx, release.items.map((i) => i.uuid), async () => {
      const journal = await plan(ctx, release, options.due !== undefined)
      await ctx.store.releases.writeJournal(journal)
      return apply(ctx, journal)
    }))
  })
}

/**
 * Finishes a release publish a stopped process left in the journal (the tree's writer, before
 * it serves anything). Returns a line for the log, or null when there was none.
 */
export async function resumeReleasePublish(ctx: ServiceContext): Promise<string | null> {
  const journal = await ctx.store.releases.readJournal() as Journal | null
  if (!journal) return null
  if (journal.format !== 'cms-release-journal/1' || !Array.isArray(journal.items)) throw new Error(`${ctx.store.releases.journalPath}: not a release journal this version understands`)
  const kept = { ...journal, items: journal.items.filter((i) => ctx.store.collection(i.slug)) }
  await inOneCommit(() => apply(ctx, kept))
  return `finished publishing the release "${journal.release.name}" (${kept.items.length} entries) that a stop interrupted`
}

/** `scheduled`: no one is there to vouch for an unapproved entry (the admin rule is for people). */
async function plan(ctx: ServiceContext, release: Release, scheduled: boolean): Promise<Journal> {
  const at = now()
  const items: Journal['items'] = []
  const events: DomainEvent[] = []
  const problems: string[] = []
  const named = { id: release.id, name: release.name }
  for (const item of release.items) {
    const index = ctx.store.collection(item.collection)
    const entry = index?.entries.get(item.uuid)
    if (!index || !entry || entry.deleted_at) { problems.push(`${item.collection}/${item.uuid} no longer exists`); continue }
    const event = (name: string, record: EntryRecord, version: number | null): DomainEvent => ({
      event: name, source: ctx.source, collection: { uuid: index.collection.uuid, slug: index.collection.slug }, entry_uuid: entry.uuid, version, release: named, at,
    })
    if (item.action === 'unpublish') {
      if (entry.published === null) continue
      const next: EntryRecord = { ...entry, published: null, published_version: null, published_at: null, updated_at: at }
      items.push({ slug: item.collection, entry: next, version: null })
      events.push(event('content.unpublished', next, entry.published_version))
      continue
    }
    try {
      if (scheduled && hasReview(index) && reviewStateOf(entry) !== 'approved') throw new Error('not approved')
      checkMayPublish(index, entry)
    } catch {
      problems.push(`${item.collection}/${item.uuid} is not approved`)
      continue
    }
    const n = Math.max(await ctx.store.maxVersion(item.collection, entry.uuid), entry.published_version ?? 0) + 1
    const version: VersionRecord = {
      uuid: newUuid(), entry_uuid: entry.uuid, version_number: n, label: release.name.slice(0, 200), description: null, locale: entry.locale,
      translation_group: entry.translation_group, published_at: at, created_at: at, updated_at: at, fields: entry.fields,
    }
    const next: EntryRecord = { ...entry, published: entry.fields, published_version: n, published_at: entry.published_at ?? at, updated_at: at }
    items.push({ slug: item.collection, entry: next, version })
    events.push(event('content.published', next, n))
  }
  if (problems.length > 0) throw unprocessable(`The release cannot go live: ${problems.join('; ')}.`, { items: problems })
  return {
    format: 'cms-release-journal/1', release: { ...release, state: 'published', published_at: at, updated_at: at }, source: ctx.source,
    items, events, started_at: at, pid: process.pid,
  }
}

async function apply(ctx: ServiceContext, journal: Journal): Promise<Release> {
  await ctx.store.putEntriesAtOnce(journal.items, journal.source)
  await releaseBook(ctx.store).put(journal.release)
  await ctx.events.append(journal.events)
  await ctx.store.releases.clearJournal()
  return journal.release
}

/** Runs `fn` holding every entry's lock (the per-entry write locks of service/entries). */
function withEntryLocks<T>(ctx: ServiceContext, uuids: string[], fn: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(uuids)].sort()
  const step = (i: number): Promise<T> => (i === sorted.length ? fn() : withEntryLock(ctx, sorted[i]!, () => step(i + 1)))
  return step(0)
}

/** A release's writes in one git commit (when commits are on): a request's scope already is one; the scheduler opens its own. */
async function inOneCommit<T>(fn: () => Promise<T>): Promise<T> {
  if (writeScope.getStore()) return fn()
  const scope: WriteScope = { author: null, ends: [] }
  try {
    return await writeScope.run(scope, fn)
  } finally {
    endScope(scope)
  }
}
