import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { eventually, get, makeReplicaFixture, type ReplicaFixture } from '../replicas/helpers.ts'

/**
 * A replica given the writer's URL (`--follow-events`) syncs when the writer's change stream
 * tells of a change: with polling off (interval 0), the replica still catches up.
 */
let fx: ReplicaFixture
let writer: TestServer
let replica: RunningServer

beforeAll(async () => {
  fx = await makeReplicaFixture()
  writer = await startTestServer(fx.source.contentDir, { watch: true })
  const dir = fx.clone('r')
  replica = await runServer({
    dir, port: 0, readOnly: true,
    config: loadConfig({ dir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }),
    follow: { spec: 'origin', intervalMs: 0, events: { url: writer.url } },
  })
})
afterAll(async () => {
  await replica?.stop()
  await writer?.close()
  await fx?.cleanup()
})

it('syncs on the writer\'s change event, not on an interval', async () => {
  const { uuid } = await fx.publish('Announced')
  const title = async () => {
    const r = await get(replica.http.url, `/articles/${uuid}`, fx.projectId)
    return r.status === 200 ? (r.body.data.fields.title as string) : null
  }
  await eventually(async () => (await title()) === 'Announced', 'the replica to have the new article', 10_000)
  await fx.retitle(uuid, 'Announced again')
  await eventually(async () => (await title()) === 'Announced again', 'the replica to have the new title', 10_000)
  expect(replica.ctx.replica?.status().interval_ms).toBe(0)
})
