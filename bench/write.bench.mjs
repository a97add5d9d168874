#!/usr/bin/env node
// Write throughput through the HTTP API with durable atomic writes (temp file, fsync, rename,
// directory fsync), against the ceiling of this disk: a bare fsync+rename loop writing files of
// the same size in the same directory layout, at the same concurrency, in the same run.
//   - sequential creates/s (one client, one request at a time)
//   - 20-concurrent creates/s (20 clients in a loop)
//   - publish latency p50/p99 (draft → next version: version file + entry file)
// Server in a child process (dist/, loopback, ephemeral port), load from autocannon (the same
// client as the read bench: undici's fetch cost the client more CPU per request than the server
// spent on the create, on the same 2 cores); ROUNDS rounds, medians.
//
// The bare baseline writes into a sibling of the server's entry folder, in the same tree made by
// the same import, and no tree is removed until the end of the run: on this machine's ext4 (no
// journal) a file create next to thousands of just-deleted inodes costs up to 1 ms of kernel CPU
// instead of 40 µs, so deleting a round's tree would slow the next round's creates.
//
//   node bench/write.bench.mjs     (BENCH_BASE=1000 BENCH_SEQ=300 BENCH_CONC=2000 BENCH_PUB=300 BENCH_ROUNDS=3)
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { open, rename, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { generate, toTemplate } from './gen-workload.mjs'
import { children, median, pct } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/write')
const BASE = Number(process.env.BENCH_BASE ?? 1000)
const SEQ = Number(process.env.BENCH_SEQ ?? 300)
const CONC = Number(process.env.BENCH_CONC ?? 2000)
const PUB = Number(process.env.BENCH_PUB ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WORKERS = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)



/** Runs fn(i) for i < n on `workers` loops, stopping early after SECONDS; returns completions per second. */
async function pool(n, workers, fn) {
  let next = 0
  let done = 0
  const started = performance.now()
  const until = started + SECONDS * 1000
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < n && performance.now() < until) { await fn(next++); done++ }
  }))
  return done / ((performance.now() - started) / 1000)
}

// ---- baseline: what the disk allows --------------------------------------------------------
const sample = JSON.stringify({ uuid: '00000000-0000-4000-8000-000000000000', locale: 'en', fields: generate(1)[0].fields }, null, 2)
async function bareWrite(dir, i) {
  const tmp = join(dir, `.f${i}.tmp`)
  const h = await open(tmp, 'w')
  await h.writeFile(sample)
  await h.sync()
  await h.close()
  await rename(tmp, join(dir, `f${i}.json`))
  const d = await open(dir, 'r')
  await d.sync()
  await d.close()
}
async function baseline(dir) {
  await mkdir(dir, { recursive: true })
  const seq = await pool(SEQ, 1, (i) => bareWrite(dir, i))
  const conc = await pool(CONC, WORKERS, (i) => bareWrite(dir, SEQ + i))
  return { seq, conc }
}

// ---- our server ------------------------------------------------------------------------------
// `serve`: exactly what `cms serve` runs (lock, watcher, webhook outbox). `nowatch`: the same
// app and write path without the file watcher, to isolate the watcher's cost.
async function startServer(contentDir, variant) {
  const dist = (p) => JSON.stringify(join(root, 'dist', p))
  const script = variant === 'serve' ? `
    const { runServer } = await import(${dist('server/lifecycle/run.js')})
    const s = await runServer({ dir: ${JSON.stringify(contentDir)}, port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ url: s.http.url, token: s.ctx.localAdminToken, project: s.ctx.store.project.uuid }) + '\\n')
    process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))` : `
    const { createContext } = await import(${dist('context.js')})
    const { createApp } = await import(${dist('server/http/app.js')})
    const { startServer } = await import(${dist('server/lifecycle/listen.js')})
    const { loadConfig } = await import(${dist('config.js')})
    const ctx = await createContext({ config: loadConfig({ dir: ${JSON.stringify(contentDir)}, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: false })
    ctx.localAdminToken = 'bench-local-admin-token'
    const http = await startServer(createApp(ctx), { port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ url: http.url, token: ctx.localAdminToken, project: ctx.store.project.uuid }) + '\\n')
    process.on('SIGTERM', () => http.close().then(() => ctx.close()).then(() => process.exit(0)))`
  // The same thread pool `cms serve` gets from bin/cms.mjs.
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16' } })
  children.add(child)
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const info = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0])) })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  return { ...info, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

/** A fresh tree of BASE entries, imported as a user would; kept until the run ends (see top). */
const trees = []
async function freshTree(name) {
  const dir = join(data, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'template.json'), JSON.stringify(toTemplate(generate(BASE))))
  const { importTemplate } = await import(join(root, 'dist/import/template.js'))
  await importTemplate(join(dir, 'template.json'), join(dir, 'content'))
  trees.push(dir)
  return join(dir, 'content')
}

/** autocannon over `bodies` (one request each) or `paths`, `connections` at a time. */
async function load(server, connections, requests) {
  let i = 0
  let last = 0
  const started = performance.now()
  const run = autocannon({
    url: server.url, connections, amount: requests.length, duration: SECONDS * 3, headers: server.headers,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }],
  })
  // autocannon notices `amount` is reached on its 1 s tick, so its own duration is whole seconds:
  // time the run to the last answer instead.
  run.on('response', () => { last = performance.now() })
  const r = await run
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`load: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return { perSecond: r.requests.total / ((last - started) / 1000), p50: r.latency.p50, p99: r.latency.p99 }
}

async function measureServer(content, variant, seed) {
  const server = await startServer(content, variant)
  server.headers = { 'project-id': server.project, authorization: `Bearer ${server.token}`, 'content-type': 'application/json', accept: 'application/json' }
  const bodies = generate(CONC + SEQ + 20, { seed }).map((e) => ({ path: '/articles', body: JSON.stringify({ data: e.fields }) }))
  try {
    await load(server, 1, bodies.slice(0, 20)) // warm-up (JIT, schema compile)
    const seq = (await load(server, 1, bodies.slice(20, 20 + SEQ))).perSecond
    const conc = (await load(server, WORKERS, bodies.slice(20 + SEQ))).perSecond
    // Publish, one at a time, entries made in this round (draft → version 1).
    const r = await fetch(`${server.url}/articles?state=only_draft&limit=${PUB}&exclude=content`, { headers: server.headers })
    const listed = await r.json()
    const uuids = (Array.isArray(listed) ? listed : listed.data).map((e) => e.uuid)
    const pub = await load(server, 1, uuids.map((uuid) => ({ path: `/articles/${uuid}/publish` })))
    return { seq, conc, p50: pub.p50, p99: pub.p99 }
  } finally {
    await server.stop()
  }
}

// The service layer alone (no HTTP, no watcher), in this process: what the write path costs.
async function measureService(content, round) {
  const { createContext } = await import(join(root, 'dist/context.js'))
  const { loadConfig } = await import(join(root, 'dist/config.js'))
  const { createEntry } = await import(join(root, 'dist/service/entries/write.js'))
  const ctx = await createContext({ config: loadConfig({ dir: content }), watch: false })
  const fields = generate(CONC + SEQ, { seed: 11 + round }).map((e) => e.fields)
  try {
    const seq = await pool(SEQ, 1, (i) => createEntry(ctx, 'articles', { data: fields[i] }))
    const conc = await pool(CONC, WORKERS, (i) => createEntry(ctx, 'articles', { data: fields[SEQ + i] }))
    return { seq, conc }
  } finally {
    await ctx.close()
  }
}

const rows = []
for (let round = 0; round < ROUNDS; round++) {
  const serveTree = await freshTree(`serve-${round}`)
  const bare = await baseline(join(serveTree, 'entries', 'bare'))
  const service = await measureService(await freshTree(`service-${round}`), round)
  const serve = await measureServer(serveTree, 'serve', 7 + round)
  const nowatch = await measureServer(await freshTree(`nowatch-${round}`), 'nowatch', 17 + round)
  rows.push({ bare, service, serve, nowatch })
  const f = (x) => `${x.seq.toFixed(0)}/${x.conc.toFixed(0)} creates/s, publish p50 ${x.p50.toFixed(1)} p99 ${x.p99.toFixed(1)} ms`
  process.stdout.write(`round ${round + 1}: bare ${bare.seq.toFixed(0)}/${bare.conc.toFixed(0)} writes/s | service ${service.seq.toFixed(0)}/${service.conc.toFixed(0)} | serve ${f(serve)} | no watcher ${f(nowatch)}\n`)
}
const m = (f) => median(rows.map(f))
const bareSeq = m((r) => r.bare.seq), bareConc = m((r) => r.bare.conc)
const cpus = (await import('node:os')).cpus().length
process.stdout.write(`\nWrite throughput (median of ${ROUNDS} rounds; ${BASE} existing entries; ${cpus} CPUs; every write fsynced)\n`)
process.stdout.write(`| measure | bare fsync+rename (ceiling) | service layer, no HTTP | ratio | HTTP, watcher off | ratio | cms serve (HTTP + watcher) | ratio |\n|---|---|---|---|---|---|---|---|\n`)
const row = (name, bare, key) => {
  const cells = ['service', 'nowatch', 'serve'].map((v) => { const x = m((r) => r[v][key]); return `${x.toFixed(0)} | ${(x / bare).toFixed(2)}` })
  process.stdout.write(`| ${name} | ${bare.toFixed(0)} | ${cells.join(' | ')} |\n`)
}
row('sequential creates/s', bareSeq, 'seq')
row(`${WORKERS}-concurrent creates/s`, bareConc, 'conc')
process.stdout.write(`| publish p50 / p99 (ms) | | | | ${m((r) => r.nowatch.p50).toFixed(1)} / ${m((r) => r.nowatch.p99).toFixed(1)} | | ${m((r) => r.serve.p50).toFixed(1)} / ${m((r) => r.serve.p99).toFixed(1)} | |\n`)
for (const dir of trees) rmSync(dir, { recursive: true, force: true })
