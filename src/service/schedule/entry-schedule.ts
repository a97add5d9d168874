import type { ServiceContext } from '../context.ts'
import type { EntryRecord, EntrySchedule } from '../../core/types.ts'
import { ValidationError, unprocessable } from '../../core/errors.ts'
import type { FieldErrors } from '../../schema/field-errors.ts'
import { output, requireCollection, requireEntry, withEntryLock } from '../entries/common.ts'
import { checkIfMatch, type EntryWriteOptions } from '../entries/etag.ts'
import { checkMayPublish } from '../entries/review.ts'
import { parseScheduleTime } from './times.ts'
import { scheduledEntries, type ScheduledItem } from './scheduled.ts'
import type { EntryData } from '../entries/entry-answers.ts'

/**
 * An entry's schedule (docs/scheduling.md): `publish_at` and `unpublish_at`, in UTC, kept in
 * the entry's file so they travel with git. The scheduler (run.ts) applies them at their time.
 */

/** The body of `PUT /{collection}/{uuid}/schedule`: one time or both (at least one), each ISO 8601 with an offset and in the future; null (or '') clears it. */
export interface EntryScheduleInput {
  publish_at?: string | null
  unpublish_at?: string | null
}

/** `PUT /{collection}/{uuid}/schedule` `{publish_at?, unpublish_at?}` (EntryScheduleInput) → `{data: entry}`; a key given as null clears that time. */
export async function setEntrySchedule(ctx: ServiceContext, slug: string, uuid: string, body: Record<string, unknown>, options: EntryWriteOptions = {}): Promise<EntryData> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  for (const key of Object.keys(body)) if (key !== 'publish_at' && key !== 'unpublish_at') throw unprocessable(`Unknown field "${key}": a schedule has publish_at and unpublish_at.`, { [key]: ['Unknown field.'] })
  const errors: FieldErrors = {}
  const publishAt = parseScheduleTime(body.publish_at, 'publish_at', errors)
  const unpublishAt = parseScheduleTime(body.unpublish_at, 'unpublish_at', errors)
  if (publishAt === undefined && unpublishAt === undefined && Object.keys(errors).length === 0) {
    throw unprocessable('Give publish_at, unpublish_at or both (an ISO 8601 time with an offset; null clears one).', { publish_at: ['Give publish_at or unpublish_at.'] })
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    const next: EntrySchedule = {
      publish_at: publishAt === undefined ? current.schedule?.publish_at ?? null : publishAt,
      unpublish_at: unpublishAt === undefined ? current.schedule?.unpublish_at ?? null : unpublishAt,
    }
    if (next.publish_at && next.unpublish_at && next.unpublish_at <= next.publish_at) {
      throw unprocessable('The unpublish_at time must be after publish_at.', { unpublish_at: ['Must be after publish_at.'] })
    }
    // Scheduling a publish is publishing later: the review rule applies now (and again at the time).
    if (publishAt) checkMayPublish(index, current)
    const entry = withSchedule(current, next)
    await ctx.store.putEntry(slug, entry, ctx.source)
    options.written?.(entry)
    return { data: output(index, entry, 'draft') }
  })
}

/** `DELETE /{collection}/{uuid}/schedule` → `{data: entry}` without `schedule`. */
export async function clearEntrySchedule(ctx: ServiceContext, slug: string, uuid: string, options: EntryWriteOptions = {}): Promise<EntryData> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    const entry = withSchedule(current, { publish_at: null, unpublish_at: null })
    if (entry !== current) await ctx.store.putEntry(slug, entry, ctx.source)
    options.written?.(entry)
    return { data: output(index, entry, 'draft') }
  })
}

/** The record with this schedule; without the key when nothing is scheduled (files stay as they were). */
function withSchedule(current: EntryRecord, schedule: EntrySchedule): EntryRecord {
  const { schedule: before, ...rest } = current
  if (!schedule.publish_at && !schedule.unpublish_at) return before ? rest : current
  return { ...rest, schedule }
}

/** `GET /_schedule[?collection=&action=]` → `{data: [{collection, uuid, locale, action, at}]}`, soonest first. */
export function listSchedule(ctx: ServiceContext, query: URLSearchParams = new URLSearchParams()): { data: ScheduledItem[] } {
  const collection = query.get('collection')
  const action = query.get('action')
  if (collection && !ctx.store.collection(collection)) throw unprocessable(`Unknown collection "${collection}".`, { collection: ['No such collection.'] })
  if (action && action !== 'publish' && action !== 'unpublish') throw unprocessable('The action parameter must be publish or unpublish.', { action: ['Use publish or unpublish.'] })
  const data = scheduledEntries(ctx.store).items().filter((i) => (!collection || i.collection === collection) && (!action || i.action === action))
  return { data }
}
