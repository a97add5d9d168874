#!/usr/bin/env node
// Server-less reader vs the HTTP API: the standard read queries (Q1–Q5 of read.bench.mjs) on the
// 10k workload, answered by `openContent()` in-process (one thread, a tight loop) and by `cms serve`
// over HTTP (autocannon, 20 connections; the server's fast read path and answer cache as usual).
// Both return the same bytes (test/e2e/reader/differential.test.ts). Then `cms export` timed at 100k.
//
//   node bench/reader.bench.mjs   (BENCH_N=10000 BENCH_EXPORT_N=100000 BENCH_SECONDS=4 BENCH_ROUNDS=3)
//   BENCH_EXPORT_N=0 skips the export run; BENCH_N=0 runs only it.
import { spawn, execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { children, importWorkload, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/read')
const N = Number(process.env.BENCH_N ?? 10000)
const EXPORT_N = Number(process.env.BENCH_EXPORT_N ?? 100000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const QUERIES = [
  { id: 'Q1', q: '?paginate=20' },
  { id: 'Q2', q: '?locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2' },
  { id: 'Q3', q: '?where[title][like]=%25delta%25&limit=20' },
  { id: 'Q4', q: '?where[views][gte]=50000&count=1' },
  { id: 'Q5', q: '?exclude=content&paginate=50&page=3' },
]

const workload = (n) => importWorkload(join(data, `n${n}`), n)

const freePort = () => new Promise((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) }) })

async function startServer(content) {
  const port = await freePort()
  const dist = (f) => JSON.stringify(join(root, 'dist', f))
  const code = `import { createContext } from ${dist('context.js')}; import { loadConfig } from ${dist('config.js')}; import { createApp } from ${dist('server/http/app.js')}; import { startServer } from ${dist('server/lifecycle/listen.js')};
    const ctx = await createContext({ config: loadConfig({ dir: ${JSON.stringify(content)} }), watch: false, source: 'api' });
    await startServer(createApp(ctx), { port: ${port}, host: '127.0.0.1' }); process.stdout.write('ready\\n')`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'pipe', 'inherit'] })
  children.add(child)
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('ready')) resolve() })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

async function httpRate(url, headers) {
  await autocannon({ url, connections: 20, duration: 1, headers })
  const rates = []
  for (let i = 0; i < ROUNDS; i++) rates.push((await autocannon({ url, connections: 20, duration: SECONDS, headers })).requests.average)
  return median(rates)
}

function readerRate(reader, path) {
  for (let i = 0; i < 200; i++) reader.raw(path)
  const rates = []
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0
    const start = performance.now()
    const until = start + SECONDS * 1000
    while (performance.now() < until) { for (let i = 0; i < 100; i++) reader.raw(path); n += 100 }
    rates.push(n / ((performance.now() - start) / 1000))
  }
  return median(rates)
}

const { openContent } = await import(join(root, 'dist/reader/index.js'))
const rows = []
if (N > 0) {
const w = workload(N)
const server = await startServer(w.content)
const reader = await openContent(w.content, { baseUrl: server.url })
const headers = { 'project-id': w.projectId }
for (const { id, q } of QUERIES) {
  const path = `/articles${q}`
  const same = reader.raw(path).body === await (await fetch(`${server.url}${path}`, { headers })).text()
  const http = await httpRate(`${server.url}${path}`, headers)
  const inproc = readerRate(reader, path)
  rows.push({ id, http, reader: inproc, same })
}
await reader.close()
await server.stop()
process.stdout.write(`\nreader vs HTTP API, ${N} entries (queries/s, median of ${ROUNDS} × ${SECONDS}s; HTTP: 20 connections)\n`)
process.stdout.write('query | HTTP req/s | reader q/s | ratio | same bytes\n')
for (const r of rows) process.stdout.write(`${r.id} | ${Math.round(r.http)} | ${Math.round(r.reader)} | ${(r.reader / r.http).toFixed(1)}× | ${r.same ? 'yes' : 'NO'}\n`)
}

if (EXPORT_N > 0) {
  const big = workload(EXPORT_N)
  const out = join(big.dir, 'export')
  rmSync(out, { recursive: true, force: true })
  const started = performance.now()
  const summary = JSON.parse(execFileSync(process.execPath, [join(root, 'bin/cms.mjs'), 'export', '--dir', big.content, '--out', out, '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))
  const ms = performance.now() - started
  process.stdout.write(`\ncms export at ${EXPORT_N} entries: ${(ms / 1000).toFixed(1)} s wall (${summary.files} files, ${(summary.bytes / 1e6).toFixed(0)} MB; command's own timer ${(summary.ms / 1000).toFixed(1)} s)\n`)
  rmSync(out, { recursive: true, force: true })
}
process.exit(rows.every((r) => r.same) ? 0 : 1)
