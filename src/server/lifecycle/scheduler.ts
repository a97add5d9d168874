import type { AppContext } from '../../context.ts'
import { nextDue, runDueSchedules } from '../../service/schedule/run.ts'
import { scheduledEntries } from '../../service/schedule/scheduled.ts'
import { releaseBook } from '../../service/releases/store.ts'

/** The longest the timer sleeps: a clock change or a hand-edited file is noticed within it. */
const MAX_SLEEP_MS = 30_000

/**
 * A writable server applies scheduled changes at their time (docs/scheduling.md): once at
 * start (what it missed while it was not running), then on a timer set for the next due time,
 * set again whenever the scheduled entries or the releases change. Stops with `ctx.close()`.
 */
export function startScheduler(ctx: AppContext): void {
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  // Changes due at the last run that it could not apply (an unapproved entry, an empty release)
  // are tried again every MAX_SLEEP_MS, not in a loop; each is logged once.
  let lastRun: string | null = null
  const logged = new Set<string>()
  const run = () => {
    timer = null
    const startedAt = new Date().toISOString()
    running = runDueSchedules(ctx).then((result) => {
      lastRun = startedAt
      for (const s of result.skipped) {
        const key = 'release' in s ? `${s.release}|${s.at}` : `${s.uuid}|${s.action}|${s.at}`
        if (logged.has(key)) continue
        logged.add(key)
        console.error(`[cms] schedule: not applied: ${'release' in s ? `release "${s.name}"` : `${s.collection}/${s.uuid} (${s.action})`}: ${s.reason}`)
      }
    }).catch((error: unknown) => console.error('[cms] schedule run failed:', error)).finally(() => { void arm() })
  }
  const arm = async () => {
    if (stopped) return
    const next = await nextDue(ctx, lastRun).catch(() => null)
    if (stopped) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(run, next === null ? MAX_SLEEP_MS : Math.max(0, Math.min(MAX_SLEEP_MS, next - Date.now())))
    timer.unref()
  }
  // Many changes in a row (a run applying 1,000 entries) re-arm once.
  let queued = false
  const rearm = () => {
    if (queued) return
    queued = true
    setImmediate(() => { queued = false; void arm() })
  }
  const offEntries = scheduledEntries(ctx.store).onChange(rearm)
  const offReleases = releaseBook(ctx.store).onChange(rearm)
  // Catch-up: what came due while no server ran, applied once before the timer takes over.
  run()
  ctx.disposers.push(async () => {
    stopped = true
    offEntries()
    offReleases()
    if (timer) clearTimeout(timer)
    await running
  })
}
