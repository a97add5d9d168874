import type { ServiceContext } from '../context.ts'
import { isCmsError } from '../../core/errors.ts'
import { publishEntry, unpublishEntry } from '../entries/write.ts'
import { hasReview, reviewStateOf } from '../entries/review.ts'
import { publishRelease } from '../releases/publish.ts'
import { releaseBook } from '../releases/store.ts'
import { scheduledEntries, type ScheduledItem } from './scheduled.ts'

/** What a run applied (or, dry, would apply): the entry changes, then releases as `{release, name, action: 'release', at}`. */
export type AppliedItem = ScheduledItem | { release: string; name: string; action: 'release'; at: string }

/** The body of `POST /_schedule/run` (optional): `dry_run: true` lists what is due without applying it. */
export interface ScheduleRunInput {
  dry_run?: boolean
}

/** What `POST /_schedule/run` (and `cms schedule run`) answers. */
export interface RunResult {
  applied: AppliedItem[]
  /** Due but not applied, with why (an unapproved entry of a review collection, a failed write). */
  skipped: Array<AppliedItem & { reason: string }>
}

/** How many scheduled entry changes are applied at once: enough to keep the disk busy, few enough that reads keep their turn. */
const PARALLEL = 8

const RUNS = new WeakMap<object, Promise<unknown>>()

/**
 * Applies every scheduled change whose time has come (`POST /_schedule/run`, the server's
 * timer, `cms schedule run`), each through the same write as a publish or unpublish by hand
 * (a version, webhooks, a git commit), with the source `schedule`. The write clears the time it
 * applied, inside the entry's lock, so two runs (two processes, a timer and a CLI) apply it
 * once. Runs of one store go one after another.
 */
export function runDueSchedules(ctx: ServiceContext, options: { dryRun?: boolean; now?: number } = {}): Promise<RunResult> {
  const previous = RUNS.get(ctx.store) ?? Promise.resolve()
  const run = previous.catch(() => {}).then(() => runOnce(ctx, options))
  RUNS.set(ctx.store, run.catch(() => {}))
  return run
}

async function runOnce(ctx: ServiceContext, options: { dryRun?: boolean; now?: number }): Promise<RunResult> {
  const nowIso = new Date(options.now ?? Date.now()).toISOString()
  const due = scheduledEntries(ctx.store).items().filter((i) => i.at <= nowIso)
  const releases = [...(await releaseBook(ctx.store).all()).values()].filter((r) => r.state === 'scheduled' && r.publish_at !== null && r.publish_at <= nowIso)
  const result: RunResult = { applied: [], skipped: [] }
  const ready = due.filter((item) => {
    const index = ctx.store.collection(item.collection)
    const entry = index?.entries.get(item.uuid)
    if (item.action === 'publish' && index && entry && hasReview(index) && reviewStateOf(entry) !== 'approved') {
      result.skipped.push({ ...item, reason: 'The entry is not approved (review workflow).' })
      return false
    }
    return true
  })
  if (options.dryRun) {
    result.applied.push(...ready, ...releases.map((r) => ({ release: r.id, name: r.name, action: 'release' as const, at: r.publish_at! })))
    return result
  }
  const scheduled: ServiceContext = { ...ctx, source: 'schedule' }
  let next = 0
  const worker = async () => {
    while (next < ready.length) {
      const item = ready[next++]!
      const due = { key: item.action === 'publish' ? 'publish_at' as const : 'unpublish_at' as const, at: item.at }
      try {
        if (item.action === 'publish') await publishEntry(scheduled, item.collection, item.uuid, { due })
        else await unpublishEntry(scheduled, item.collection, item.uuid, { due })
        result.applied.push(item)
      } catch (error) {
        // Applied meanwhile by another run, or changed: nothing to do. Anything else is reported.
        if (isCmsError(error) && (error.code === 'conflict' || error.code === 'not_found')) continue
        result.skipped.push({ ...item, reason: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ready.length) }, worker))
  for (const release of releases) {
    const item = { release: release.id, name: release.name, action: 'release' as const, at: release.publish_at! }
    try {
      await publishRelease(scheduled, release.id, { due: release.publish_at! })
      result.applied.push(item)
    } catch (error) {
      if (isCmsError(error) && error.code === 'conflict') continue
      result.skipped.push({ ...item, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  result.applied.sort((a, b) => a.at.localeCompare(b.at))
  return result
}

/** When the next scheduled entry change or release is due (ms since the epoch), or null; `after`: only times later than it. */
export async function nextDue(ctx: ServiceContext, after: string | null = null): Promise<number | null> {
  let next = scheduledEntries(ctx.store).next(after)
  for (const r of (await releaseBook(ctx.store).all()).values()) {
    if (r.state !== 'scheduled' || !r.publish_at || (after !== null && r.publish_at <= after)) continue
    const t = Date.parse(r.publish_at)
    if (next === null || t < next) next = t
  }
  return next
}
