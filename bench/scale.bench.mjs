#!/usr/bin/env node
// Scale: the standard workload at 1k and 100k entries (BENCH_SCALE_SIZES), the same steps at
// each size in one run, so every 100k figure stands beside its 1k figure:
//   - import time (`cms import`), ready time (spawn → first answer to `GET /`), RSS at the end
//   - the first Q2 after ready; after each of 20 creates, the next Q2 (median, max)
//   - (then it waits for the start-up work after ready to pass: see `settle`)
//   - never-seen query shapes: the first answer, and the p99 of other requests (4 connections
//     reading Q1/Q3 from 200 ms before it until 1.5 s after, while any background build runs)
//   - mixed load for BENCH_SCALE_SECONDS (20): 20 reader connections cycling Q1–Q3 (autocannon)
//     and one writer creating 20 entries/s: reader p99, writer p99
// and the same single-request and mixed-load figures against a bare `node:http` server in its
// own process answering every URL with the bytes ours answered (the ceiling), measured in the
// same run. Loopback only; every step bounded in count and time. Prints medians, ratios and the
// load average.
//
//   node bench/scale.bench.mjs     (BENCH_SCALE_SIZES=1000,100000 BENCH_SCALE_SECONDS=20)
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generate, toTemplate } from './gen-workload.mjs'
import { autocannonProcess, children, median, pct } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/scale')
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,100000').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 20)
const CREATES = 20
const WRITES_PER_SECOND = 20

const Q = {
  Q1: '/articles?paginate=20',
  Q2: '/articles?locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2',
  Q3: '/articles?where[title][like]=%25delta%25&limit=20',
}
/** Shapes no request before asked for: a selective filter with a sort, and a full sort of every row. */
const NEW_SHAPES = {
  selective: '/articles?locale=de&where[views][lt]=5000&sort=published_date:asc&paginate=10',
  'full sort': '/articles?sort=title:asc&paginate=20',
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** One request on a kept-alive connection: status, body, milliseconds. */
function request(base, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - t0 }))
    })
    req.setTimeout(60000, () => req.destroy(new Error(`timeout: ${path}`)))
    req.on('error', reject)
    req.end(body)
  })
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) })
  })
}

function spawnNode(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', ...env } })
  children.add(child)
  let err = ''
  child.stderr.on('data', (d) => { err = (err + d).slice(-4000) })
  child.on('exit', () => children.delete(child))
  return { child, stderr: () => err, stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.once('exit', r); child.kill('SIGTERM') }) }
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024

/** Polls `GET /` until it answers; milliseconds since `t0`. */
async function untilReady(base, proc, t0, headers) {
  const until = Date.now() + 600000
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.stderr()}`)
    try { const r = await request(base, '/', { headers }); if (r.status < 500) return performance.now() - t0 } catch {}
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error('server never answered GET /')
}

function importTree(n) {
  const dir = join(data, `n${n}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'template.json'), JSON.stringify(toTemplate(generate(n))))
  const t0 = performance.now()
  const r = spawnSync(process.execPath, [join(root, 'bin/cms.mjs'), 'import', join(dir, 'template.json'), '--dir', join(dir, 'content'), '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 })
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`)
  const importMs = performance.now() - t0
  const project = /^uuid:\s*['"]?([0-9a-f-]{36})/m.exec(readFileSync(join(dir, 'content/project.yaml'), 'utf8'))[1]
  return { dir, content: join(dir, 'content'), project, importMs }
}

async function startOurs(tree) {
  const port = await freePort()
  const token = `scale-bench-${port}`
  const dist = (f) => JSON.stringify(join(root, 'dist', f))
  // What `cms serve` runs; the admin token fixed so the writer can authenticate.
  const code = `import { runServer } from ${dist('server/lifecycle/run.js')};
    const s = await runServer({ dir: ${JSON.stringify(tree.content)}, port: ${port}, host: '127.0.0.1' });
    s.ctx.localAdminToken = ${JSON.stringify(token)};
    process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))`
  const t0 = performance.now()
  const proc = spawnNode(['--input-type=module', '-e', code], { UV_THREADPOOL_SIZE: '16' })
  const base = `http://127.0.0.1:${port}`
  const read = { 'project-id': tree.project, accept: 'application/json' }
  const readyMs = await untilReady(base, proc, t0, read)
  return { proc, base, read, write: { ...read, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, readyMs }
}

/** A bare node:http server answering each path with the bytes in `bodies` (POST: `created`). */
async function startBare(bodies, created) {
  const port = await freePort()
  const file = join(data, 'bare-bodies.json')
  writeFileSync(file, JSON.stringify({ bodies: Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.toString('base64')])), created: created.toString('base64') }))
  const code = `import http from 'node:http'; import fs from 'node:fs';
    const raw = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
    const bodies = new Map(Object.entries(raw.bodies).map(([u, b]) => [u, Buffer.from(b, 'base64')]));
    const created = Buffer.from(raw.created, 'base64');
    http.createServer((req, res) => {
      if (req.method === 'POST') { req.resume(); req.on('end', () => { res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': created.length }); res.end(created) }); return }
      const b = bodies.get(req.url) ?? Buffer.from('{}');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': b.length }); res.end(b)
    }).listen(${port}, '127.0.0.1')`
  const proc = spawnNode(['--input-type=module', '-e', code])
  const base = `http://127.0.0.1:${port}`
  await untilReady(base, proc, performance.now(), {})
  return { proc, base, read: {}, write: { 'content-type': 'application/json' } }
}

let createSeq = 0
function createBody() {
  const i = ++createSeq
  return JSON.stringify({ state: 'published', locale: 'en', data: { title: `Scale bench ${i} delta`, slug: `scale-bench-${i}`, content: '<p>x</p>', excerpt: 'scale', published_date: '2025-06-01', views: (i * 7919) % 100000, category: 'Science' } })
}

async function create(server) {
  const r = await request(server.base, '/articles', { method: 'POST', headers: server.write, body: createBody() })
  if (r.status !== 201 && r.status !== 200) throw new Error(`create answered ${r.status}: ${r.body}`)
  return r
}

async function get(server, path) {
  const r = await request(server.base, path, { headers: server.read })
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body.toString().slice(0, 300)}`)
  return r
}

/**
 * Waits for the start-up work that follows ready (the watcher's first scan, the index cache
 * written after a cold start, ~1 s of blocking at 100k) to pass: 10 answers in a row under
 * 15 ms, at least 5 s after ready, at most 120 s. Returns how long it waited.
 */
async function settle(server) {
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, 5000))
  let calm = 0
  while (calm < 10 && performance.now() - t0 < 120000) {
    calm = (await get(server, Q.Q1)).ms < 15 ? calm + 1 : 0
    await new Promise((r) => setTimeout(r, 100))
  }
  return performance.now() - t0
}

/** Q2 right after each of 20 creates. */
async function afterCreates(server) {
  const times = []
  for (let i = 0; i < CREATES; i++) {
    await create(server)
    times.push((await get(server, Q.Q2)).ms)
  }
  return { median: median(times), max: Math.max(...times) }
}

/** A never-seen shape's first answer, and the p99 of Q1/Q3 on 4 other connections meanwhile. */
async function newShape(server, path) {
  const others = []
  let stop = false
  const loops = Array.from({ length: 4 }, async (_, k) => {
    while (!stop) others.push((await get(server, k % 2 ? Q.Q1 : Q.Q3)).ms)
  })
  await new Promise((r) => setTimeout(r, 200))
  const first = await get(server, path)
  await new Promise((r) => setTimeout(r, 1500))
  stop = true
  await Promise.all(loops)
  return { first: first.ms, othersP99: pct(others, 99), others: others.length, body: first.body }
}

/** 20 reader connections cycling Q1–Q3 and one writer at 20 creates/s, for SECONDS. */
async function mixed(server) {
  const writes = []
  let stop = false
  const writer = (async () => {
    const pending = []
    const start = performance.now()
    for (let i = 0; !stop; i++) {
      const due = start + (i * 1000) / WRITES_PER_SECOND
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      if (stop) break
      pending.push(create(server).then((r) => writes.push(r.ms)))
    }
    await Promise.all(pending)
  })()
  // In its own process: the writer's timings must not include the load generator's own work.
  const readers = await autocannonProcess({
    url: server.base, connections: 20, duration: SECONDS, headers: server.read,
    requests: [{ path: Q.Q1 }, { path: Q.Q2 }, { path: Q.Q3 }],
  })
  stop = true
  await writer
  if (readers.non2xx > 0 || readers.errors > 0) throw new Error(`mixed load: ${readers.non2xx} non-2xx, ${readers.errors} errors`)
  return { readerP99: readers.latency.p99, readerP50: readers.latency.p50, readsPerSecond: readers.requests.average, writerP99: pct(writes, 99), writerP50: median(writes), writes: writes.length }
}

async function measure(n) {
  const tree = importTree(n)
  const ours = await startOurs(tree)
  const out = { n, importMs: tree.importMs, readyMs: ours.readyMs }
  try {
    const firstQ2 = await get(ours, Q.Q2)
    out.firstQ2 = firstQ2.ms
    out.afterCreate = await afterCreates(ours)
    out.settleMs = await settle(ours)
    out.shapes = {}
    const bodies = {}
    for (const [name, path] of Object.entries(NEW_SHAPES)) {
      const r = await newShape(ours, path)
      out.shapes[name] = { first: r.first, othersP99: r.othersP99 }
      bodies[path] = r.body
    }
    out.mixed = await mixed(ours)
    out.rss = rssOf(ours.proc.child.pid)
    for (const path of Object.values(Q)) bodies[path] = (await get(ours, path)).body
    const created = (await create(ours)).body
    await ours.proc.stop()
    // The ceiling: the same bytes from a bare node:http server, the same steps.
    const bare = await startBare(bodies, created)
    try {
      const b = { firstQ2: (await get(bare, Q.Q2)).ms, afterCreate: await afterCreates(bare), shapes: {} }
      for (const [name, path] of Object.entries(NEW_SHAPES)) { const r = await newShape(bare, path); b.shapes[name] = { first: r.first, othersP99: r.othersP99 } }
      b.mixed = await mixed(bare)
      out.bare = b
    } finally {
      await bare.proc.stop()
    }
  } finally {
    await ours.proc.stop()
  }
  return out
}

const ms = (x) => `${x.toFixed(x < 10 ? 2 : x < 100 ? 1 : 0)} ms`
const ratio = (a, b) => `${(a / b).toFixed(1)}x`
const results = []
for (const n of SIZES) {
  process.stdout.write(`measuring ${n} entries (import, start, reads, ${SECONDS} s mixed load, then the bare server)...\n`)
  results.push(await measure(n))
}
const small = results[0]
const rows = [
  ['import', (r) => r.importMs, null, 15000],
  ['ready (first answer to GET /)', (r) => r.readyMs, null, null],
  ['first Q2 after ready', (r) => r.firstQ2, (b) => b.firstQ2, 100],
  ['Q2 after a create: median', (r) => r.afterCreate.median, (b) => b.afterCreate.median, 10],
  ['Q2 after a create: max', (r) => r.afterCreate.max, (b) => b.afterCreate.max, null],
  ...Object.keys(NEW_SHAPES).flatMap((name) => [
    [`never-seen shape (${name}): first answer`, (r) => r.shapes[name].first, (b) => b.shapes[name].first, 100],
    [`  p99 of other requests meanwhile`, (r) => r.shapes[name].othersP99, (b) => b.shapes[name].othersP99, 20],
  ]),
  ['mixed load: reader p99', (r) => r.mixed.readerP99, (b) => b.mixed.readerP99, 20],
  ['mixed load: writer p99', (r) => r.mixed.writerP99, (b) => b.mixed.writerP99, 50],
]
for (const r of results) {
  console.log(`\n${r.n.toLocaleString('en-US')} entries${r === small ? '' : ` (ratio: against ${small.n.toLocaleString('en-US')} entries in this run)`}; ratio to bare: ours / bare node:http with the same bytes`)
  for (const [label, pick, pickBare, target] of rows) {
    const v = pick(r)
    const parts = [label.padEnd(44), (label === 'import' || label.startsWith('ready') ? `${(v / 1000).toFixed(2)} s` : ms(v)).padStart(10)]
    if (r !== small) parts.push(`vs ${small.n}: ${ratio(v, pick(small))}`.padEnd(14))
    if (pickBare) parts.push(`bare ${ms(pickBare(r.bare))} (${ratio(v, pickBare(r.bare))})`.padEnd(26))
    if (target !== null) parts.push(`target < ${target >= 1000 ? `${target / 1000} s` : `${target} ms`}`)
    console.log(`  ${parts.join('  ')}`)
  }
  console.log(`  mixed load: ${Math.round(r.mixed.readsPerSecond)} reads/s (bare ${Math.round(r.bare.mixed.readsPerSecond)}), reader p50 ${r.mixed.readerP50} ms, ${r.mixed.writes} writes, writer p50 ${ms(r.mixed.writerP50)}`)
  console.log(`  never-seen shapes and mixed load measured after the server settled (${(r.settleMs / 1000).toFixed(1)} s after the creates: watcher scan, index cache)`)
  console.log(`  RSS ${(r.rss / 1048576).toFixed(0)} MB${r === small ? '' : ` (vs ${small.n}: ${ratio(r.rss, small.rss)})`}`)
}
console.log(`\nload average after the run: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`)
// Removing 180k files takes a while: after the figures are out.
rmSync(data, { recursive: true, force: true })
