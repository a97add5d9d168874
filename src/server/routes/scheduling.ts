import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { decodeParam } from '../http/route-param.ts'
import { jsonText as json } from '../http/json-text.ts'
import { entryWriteOptions } from './entry-write-options.ts'
import { clearEntrySchedule, listSchedule, setEntrySchedule } from '../../service/schedule/entry-schedule.ts'
import { runDueSchedules } from '../../service/schedule/run.ts'
import { getReview, setReviewState } from '../../service/entries/review.ts'
import { addReleaseItem, createRelease, deleteRelease, getRelease, listReleases, removeReleaseItem, updateRelease } from '../../service/releases/releases.ts'
import { publishRelease } from '../../service/releases/publish.ts'

/** Scheduling, review and releases (docs/scheduling.md): thin adapters over service/schedule, entries/review.ts and service/releases. */
export function registerSchedulingRoutes(app: CmsApp, ctx: AppContext): void {
  const p = (e: H3Event, name: string) => decodeParam(e, name)
  const body = (e: H3Event) => readJsonBody(e, ctx)
  const optionalBody = (e: H3Event) => readJsonBody(e, ctx, { optional: true })
  // If-Match in, ETag of the entry as written out.
  const w = entryWriteOptions
  defineRoutes(app, ctx, [
    { method: 'GET', path: '/_schedule', ability: 'read', token: 'always', summary: 'Scheduled entry changes, soonest first (`?collection=`, `?action=publish|unpublish`) → `{data: [{collection, uuid, locale, action, at}]}`',
      answer: 'Schedule',
      handler: (e) => json(e, listSchedule(ctx, e.url.searchParams)) },
    { method: 'POST', path: '/_schedule/run', ability: 'admin', token: 'always', summary: 'Apply the scheduled changes that are due now (`{dry_run?}`) → `{applied: [...], skipped: [...]}`',
      input: 'ScheduleRunInput', optionalBody: true, answer: 'ScheduleRun',
      handler: async (e) => {
        const b = await optionalBody(e)
        return json(e, await runDueSchedules(ctx, { dryRun: b.dry_run === true }))
      } },
    { method: 'PUT', path: '/:collection/:uuid/schedule', ability: 'update', token: 'always', summary: 'Schedule an entry (`{publish_at?, unpublish_at?}`, ISO 8601 with an offset; null clears one) → `{data}`',
      input: 'EntryScheduleInput', answer: 'ScheduledEntry',
      handler: async (e) => json(e, await setEntrySchedule(ctx, p(e, 'collection'), p(e, 'uuid'), await body(e), w(e))) },
    { method: 'DELETE', path: '/:collection/:uuid/schedule', ability: 'update', token: 'always', summary: 'Clear an entry\'s schedule → `{data}`',
      answer: 'ScheduledEntry',
      handler: async (e) => json(e, await clearEntrySchedule(ctx, p(e, 'collection'), p(e, 'uuid'), w(e))) },
    { method: 'POST', path: '/:collection/:uuid/review', ability: 'update', token: 'always', summary: 'Move an entry\'s review (`{state: in_review|approved|draft, note?}`; approved needs admin) → `{data}`',
      input: 'ReviewInput', answer: 'ScheduledEntry',
      handler: async (e) => json(e, await setReviewState(ctx, p(e, 'collection'), p(e, 'uuid'), await body(e), w(e))) },
    { method: 'GET', path: '/:collection/:uuid/review', ability: 'read', token: 'always', summary: 'An entry\'s review state and its history (who moved it when)',
      answer: 'Review',
      handler: (e) => json(e, getReview(ctx, p(e, 'collection'), p(e, 'uuid'))) },
    { method: 'GET', path: '/_releases', ability: 'read', token: 'always', summary: 'Releases → `{data: [release]}`',
      answer: 'ReleaseList',
      handler: async (e) => json(e, await listReleases(ctx)) },
    { method: 'POST', path: '/_releases', status: 201, ability: 'update', token: 'always', summary: 'Create a release (`{name, publish_at?}`) → 201 `{id, name, state, publish_at, items}`',
      input: 'ReleaseInput', answer: 'Release',
      handler: async (e) => json(e, await createRelease(ctx, await body(e)), 201) },
    { method: 'GET', path: '/_releases/:id', ability: 'read', token: 'always', summary: 'A release, each item with what will change (`changes`)',
      answer: 'ReleaseDetail',
      handler: async (e) => json(e, await getRelease(ctx, p(e, 'id'))) },
    { method: 'PATCH', path: '/_releases/:id', ability: 'update', token: 'always', summary: 'Rename or (un)schedule a release (`{name?, publish_at?}`)',
      input: 'ReleasePatch', answer: 'Release',
      handler: async (e) => json(e, await updateRelease(ctx, p(e, 'id'), await body(e))) },
    { method: 'DELETE', path: '/_releases/:id', ability: 'update', token: 'always', summary: 'Delete a release that is not published',
      answer: 'ReleaseDeleted',
      handler: async (e) => json(e, await deleteRelease(ctx, p(e, 'id'))) },
    { method: 'POST', path: '/_releases/:id/items', ability: 'update', token: 'always', summary: 'Add an entry to a release (`{collection, uuid, action: publish|unpublish}`)',
      input: 'ReleaseItemInput', answer: 'Release',
      handler: async (e) => json(e, await addReleaseItem(ctx, p(e, 'id'), await body(e))) },
    { method: 'DELETE', path: '/_releases/:id/items/:uuid', ability: 'update', token: 'always', summary: 'Take an entry out of a release',
      answer: 'Release',
      handler: async (e) => json(e, await removeReleaseItem(ctx, p(e, 'id'), p(e, 'uuid'))) },
    { method: 'POST', path: '/_releases/:id/publish', ability: 'update', token: 'always', summary: 'Publish a release, all or nothing → 200 with the release once live',
      answer: 'Release',
      handler: async (e) => json(e, await publishRelease(ctx, p(e, 'id'))) },
  ])
}

