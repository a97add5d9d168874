#!/usr/bin/env node
// Scheduled publishing at scale (docs/scheduling.md): a real server (dist/, child process) over
// N articles (default 100k); SCHEDULED of them (default 1,000) scheduled for the same second.
// Measured, per round, in the same run:
//   - how long after their time all of them are published (the schedule list is empty): N s;
//   - read latency (p50/p99/max of a list read and an entry read, two sequential readers) in the
//     3 s before the time (baseline) and from the time until the last publish (during);
//     the ratio during/before, and the longest single read (a stall would show there: < 50 ms).
// Each round schedules entries not scheduled before (published ones get a new version).
//
//   node bench/scheduling.bench.mjs   (BENCH_N=100000 BENCH_SCHEDULED=1000 BENCH_ROUNDS=1 BENCH_LEAD_MS=20000)
import { spawn } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { children, importWorkload, median, pct } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const N = Number(process.env.BENCH_N ?? 100_000)
const SCHEDULED = Number(process.env.BENCH_SCHEDULED ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1)
const LEAD_MS = Number(process.env.BENCH_LEAD_MS ?? 20_000)
const work = importWorkload(join(root, 'bench/.data', `scheduling-${N}`), N)

async function startServer() {
  const script = `
    const { runServer } = await import(${JSON.stringify(join(root, 'dist', 'server/lifecycle/run.js'))})
    const s = await runServer({ dir: ${JSON.stringify(work.content)}, port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ url: s.http.url, token: s.ctx.localAdminToken, project: s.ctx.store.project.uuid }) + '\\n')
    process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))`
  const env = { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0' }
  delete env.CMS_GIT_COMMIT
  const child = spawn(process.execPath, ['--no-memory-reducer', '--min-semi-space-size=16', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
  children.add(child)
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const info = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0])) })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  const headers = { 'project-id': info.project, authorization: `Bearer ${info.token}`, 'content-type': 'application/json', accept: 'application/json' }
  return { ...info, headers, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

async function pool(items, workers, fn) {
  let next = 0
  await Promise.all(Array.from({ length: workers }, async () => { while (next < items.length) await fn(items[next++]) }))
}

const server = await startServer()
const req = async (path, init = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers: server.headers, ...init })
  const text = await res.text()
  if (res.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}
const all = (await req(`/articles?state=draft&limit=${Math.min(N, 100_000)}&exclude=content,excerpt`)).map((e) => e.uuid)
const results = []
for (let round = 0; round < ROUNDS; round++) {
  const chosen = all.slice(round * SCHEDULED, (round + 1) * SCHEDULED)
  const at = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000)
  const atIso = at.toISOString()
  const t0 = Date.now()
  await pool(chosen, 16, (uuid) => req(`/articles/${uuid}/schedule`, { method: 'PUT', body: JSON.stringify({ publish_at: atIso }) }))
  const setMs = Date.now() - t0
  if (Date.now() > at.getTime() - 3000) throw new Error(`setting ${SCHEDULED} schedules took ${setMs} ms: raise BENCH_LEAD_MS`)
  // Readers from 3 s before the time until everything is published.
  const samples = []
  let stop = false
  const probe = chosen[0]
  const reader = async (path) => {
    while (!stop) {
      const s = performance.now()
      await req(path)
      samples.push({ at: Date.now(), ms: performance.now() - s })
    }
  }
  await new Promise((r) => setTimeout(r, at.getTime() - 3000 - Date.now()))
  const readers = [reader('/articles?limit=20&sort=views:desc&exclude=content'), reader(`/articles/${probe}?state=draft`)]
  let done = 0
  for (;;) {
    const left = (await req('/_schedule?collection=articles')).data.length
    if (left === 0 && Date.now() >= at.getTime()) { done = Date.now(); break }
    await new Promise((r) => setTimeout(r, 50))
  }
  stop = true
  await Promise.all(readers)
  const before = samples.filter((s) => s.at < at.getTime()).map((s) => s.ms)
  const during = samples.filter((s) => s.at >= at.getTime() && s.at <= done).map((s) => s.ms)
  const published = (await req(`/articles/${chosen[SCHEDULED - 1]}/versions`))
  results.push({ setMs, allPublishedMs: done - at.getTime(), before, during, versions: Array.isArray(published) ? published.length : published.data.length })
}
await server.stop()

const f = (x) => x.toFixed(1)
process.stdout.write(`\nScheduled publishing (${SCHEDULED} entries due the same second, ${N.toLocaleString()} entries; median of ${ROUNDS} round(s); ${cpus().length} CPUs; load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')})\n`)
process.stdout.write(`  setting ${SCHEDULED} schedules (PUT, 16 at a time): ${median(results.map((r) => r.setMs))} ms\n`)
process.stdout.write(`  all published within: ${f(median(results.map((r) => r.allPublishedMs)) / 1000)} s of their time\n`)
const b = results.flatMap((r) => r.before)
const d = results.flatMap((r) => r.during)
process.stdout.write(`  reads before (${b.length}): p50 ${f(pct(b, 50))} ms, p99 ${f(pct(b, 99))} ms, max ${f(Math.max(...b))} ms\n`)
process.stdout.write(`  reads during (${d.length}): p50 ${f(pct(d, 50))} ms, p99 ${f(pct(d, 99))} ms, max ${f(Math.max(...d))} ms  (p99 during/before ${f(pct(d, 99) / pct(b, 99))}x)\n`)
process.exit(0)
