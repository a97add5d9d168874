import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createContext, type AppContext } from '../../../../src/context.ts'
import { loadConfig } from '../../../../src/config.ts'
import { setEntrySchedule, listSchedule } from '../../../../src/service/schedule/entry-schedule.ts'
import { nextDue, runDueSchedules } from '../../../../src/service/schedule/run.ts'
import { setReviewState } from '../../../../src/service/entries/review.ts'
import { createEntry } from '../../../../src/service/entries/write.ts'
import { createRelease, addReleaseItem } from '../../../../src/service/releases/releases.ts'
import { actorScope } from '../../../../src/core/actor.ts'
import { makeProject, type TempProject } from '../../../helpers/project.ts'
import { template } from '../../../e2e/scheduling/fixture.ts'

/**
 * The scheduler's runner in process, with a clock passed in (no waiting): due changes are applied
 * once however many runs see them; a dry run changes nothing; an unapproved entry of a review
 * collection and an empty release are skipped (and stay scheduled) without stopping the others.
 */
let project: TempProject
let ctx: AppContext
const HOUR = 3600_000

beforeAll(async () => {
  project = await makeProject(template)
  await appendFile(join(project.contentDir, 'collections', 'reviewed.yaml'), 'workflow: review\n')
  ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
})
afterAll(async () => {
  await ctx?.close()
  await project?.cleanup()
})

describe('runDueSchedules', () => {
  it('applies what is due once, leaves the rest, and a dry run changes nothing', async () => {
    const uuids = [...ctx.store.collection('posts')!.entries.keys()].slice(0, 3)
    const soon = new Date(Date.now() + HOUR).toISOString()
    const later = new Date(Date.now() + 2 * HOUR).toISOString()
    await setEntrySchedule(ctx, 'posts', uuids[0]!, { publish_at: soon })
    await setEntrySchedule(ctx, 'posts', uuids[1]!, { publish_at: soon, unpublish_at: later })
    await setEntrySchedule(ctx, 'posts', uuids[2]!, { publish_at: later })
    // Soonest first; at one time publishes before unpublishes.
    const listed = listSchedule(ctx).data
    expect(listed.map((i) => `${i.at}|${i.action}|${i.uuid}`)).toEqual(listed.map((i) => `${i.at}|${i.action}|${i.uuid}`).sort())
    expect(new Set(listed.map((i) => `${i.uuid}|${i.action}`))).toEqual(new Set([`${uuids[0]}|publish`, `${uuids[1]}|publish`, `${uuids[1]}|unpublish`, `${uuids[2]}|publish`]))
    expect(await nextDue(ctx)).toBe(Date.parse(soon))
    const at = Date.parse(soon) + 1000
    const dry = await runDueSchedules(ctx, { dryRun: true, now: at })
    expect(dry.applied.map((i) => 'uuid' in i && i.uuid).sort()).toEqual([uuids[0], uuids[1]].sort())
    expect(ctx.store.collection('posts')!.entries.get(uuids[0]!)!.published).toBeNull()
    const [first, second] = await Promise.all([runDueSchedules(ctx, { now: at }), runDueSchedules(ctx, { now: at })])
    expect(first.applied).toHaveLength(2)
    expect(second.applied).toEqual([])
    const e1 = ctx.store.collection('posts')!.entries.get(uuids[1]!)!
    expect(e1.published_version).toBe(1)
    expect(e1.schedule).toEqual({ publish_at: null, unpublish_at: later })
    expect(ctx.store.collection('posts')!.entries.get(uuids[0]!)!.schedule).toBeUndefined()
    expect(await ctx.store.maxVersion('posts', uuids[0]!)).toBe(1)
    const end = await runDueSchedules(ctx, { now: Date.parse(later) + 1000 })
    expect(end.applied.map((i) => i.action).sort()).toEqual(['publish', 'unpublish'])
    expect(ctx.store.collection('posts')!.entries.get(uuids[1]!)!.published).toBeNull()
    expect(listSchedule(ctx).data).toEqual([])
  })

  it('skips an unapproved entry of a review collection and an empty release, keeping them scheduled', async () => {
    const made = await createEntry(ctx, 'reviewed', { data: { title: 'Waiting' } })
    const uuid = made.data.uuid as string
    const soon = new Date(Date.now() + HOUR).toISOString()
    await setEntrySchedule(ctx, 'reviewed', uuid, { publish_at: soon })
    // An edit by someone without admin after approval sends it back to review.
    await setReviewState(ctx, 'reviewed', uuid, { state: 'approved' })
    await actorScope.run({ name: 'Eddie', admin: false }, () => setReviewState(ctx, 'reviewed', uuid, { state: 'in_review' }))
    const empty = await createRelease(ctx, { name: 'Empty', publish_at: soon })
    const at = Date.parse(soon) + 1000
    const run = await runDueSchedules(ctx, { now: at })
    expect(run.applied).toEqual([])
    expect(run.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/not approved/), expect.stringMatching(/no entries/)])
    // Not due again before the next run (the server retries them every 30 s, not in a loop).
    expect(await nextDue(ctx, new Date(at).toISOString())).toBeNull()
    await setReviewState(ctx, 'reviewed', uuid, { state: 'approved' })
    await addReleaseItem(ctx, empty.id, { collection: 'posts', uuid: [...ctx.store.collection('posts')!.entries.keys()][5] })
    const again = await runDueSchedules(ctx, { now: at + 1000 })
    expect(again.applied.map((i) => i.action).sort()).toEqual(['publish', 'release'])
    expect(ctx.store.collection('reviewed')!.entries.get(uuid)!.published_version).toBe(1)
  })
})
