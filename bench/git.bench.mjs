#!/usr/bin/env node
// Saving to git: 20-concurrent creates/s through `cms serve` with commits off and with
// `CMS_GIT_COMMIT=1` (default 2 s window), in one run, on fresh trees of the standard workload;
// then the commit latency after the window: one create at a time, the time from its answer
// to its commit being on the branch, minus the window (what git itself adds).
// Server in a child process (dist/, loopback, ephemeral port, watcher on as in `cms serve`),
// load from autocannon as in write.bench.mjs; ROUNDS rounds (on/off order alternating), medians.
//
//   node bench/git.bench.mjs     (BENCH_BASE=1000 BENCH_CONC=1000 BENCH_LAT=5 BENCH_ROUNDS=3 CMS_GIT_WINDOW_MS=2000)
import { spawn, execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { loadavg, cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { generate, toTemplate } from './gen-workload.mjs'
import { children, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/git')
const BASE = Number(process.env.BENCH_BASE ?? 1000)
const CONC = Number(process.env.BENCH_CONC ?? 1000)
const LAT = Number(process.env.BENCH_LAT ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WINDOW = Number(process.env.CMS_GIT_WINDOW_MS ?? 2000)
const WORKERS = 20

const gitIn = (dir, ...args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()

/** A fresh project of BASE entries, imported as a user would, committed in its own repository. */
function freshTree(name) {
  const dir = join(data, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'template.json'), JSON.stringify(toTemplate(generate(BASE))))
  return import(join(root, 'dist/import/template.js')).then(async ({ importTemplate }) => {
    await importTemplate(join(dir, 'template.json'), join(dir, 'content'))
    writeFileSync(join(dir, '.gitignore'), '.cms/\ntemplate.json\n')
    gitIn(dir, 'init', '-q', '-b', 'main')
    gitIn(dir, 'config', 'user.name', 'Bench')
    gitIn(dir, 'config', 'user.email', 'bench@example.com')
    gitIn(dir, 'add', '-A')
    gitIn(dir, 'commit', '-q', '-m', 'base')
    return dir
  })
}

async function startServer(contentDir, gitOn) {
  const script = `
    const { runServer } = await import(${JSON.stringify(join(root, 'dist', 'server/lifecycle/run.js'))})
    const s = await runServer({ dir: ${JSON.stringify(contentDir)}, port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ url: s.http.url, token: s.ctx.localAdminToken, project: s.ctx.store.project.uuid }) + '\\n')
    process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))`
  const env = { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16', API_RATE_LIMIT_PER_MINUTE: '0', CMS_GIT_WINDOW_MS: String(WINDOW) }
  if (gitOn) env.CMS_GIT_COMMIT = '1'
  else delete env.CMS_GIT_COMMIT
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
  children.add(child)
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const info = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0])) })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  const headers = { 'project-id': info.project, authorization: `Bearer ${info.token}`, 'content-type': 'application/json', accept: 'application/json' }
  return { ...info, headers, stderr: () => err, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

async function burst(server, bodies) {
  let i = 0
  let last = 0
  const started = performance.now()
  const run = autocannon({
    url: server.url, connections: WORKERS, amount: bodies.length, duration: 120, headers: server.headers,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, path: '/articles', body: bodies[i++ % bodies.length] }) }],
  })
  run.on('response', () => { last = performance.now() })
  const r = await run
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`load: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`)
  return { perSecond: r.requests.total / ((last - started) / 1000), endedAt: last }
}

/** Polls (5 ms) until `check()` is true; returns when. */
async function until(check, limitMs = 120_000) {
  const deadline = performance.now() + limitMs
  for (;;) {
    if (check()) return performance.now()
    if (performance.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}

async function measure(dir, gitOn, seed) {
  const server = await startServer(join(dir, 'content'), gitOn)
  const bodies = generate(CONC + LAT + 20, { seed }).map((e) => JSON.stringify({ data: e.fields }))
  try {
    await burst(server, bodies.slice(0, 20)) // warm-up (JIT, schema compile)
    const before = gitIn(dir, 'rev-parse', 'HEAD')
    const conc = await burst(server, bodies.slice(20, 20 + CONC))
    if (!gitOn || process.env.BENCH_NO_WAIT) return { conc: conc.perSecond, burstClean: 0, commits: 0, latency: 0 }
    // The burst's commits: until content/ is clean, counted from the last answer.
    const clean = await until(() => gitIn(dir, 'status', '--porcelain', '--', 'content') === '').catch((error) => {
      throw new Error(`${error.message}: ${gitIn(dir, 'status', '--porcelain', '--', 'content').split('\n').slice(0, 5).join(', ')}; server: ${server.stderr().slice(-2000)}`)
    })
    const commits = Number(gitIn(dir, 'rev-list', '--count', `${before}..HEAD`))
    const latencies = []
    for (let i = 0; i < LAT; i++) {
      const head = gitIn(dir, 'rev-parse', 'HEAD')
      const r = await fetch(`${server.url}/articles`, { method: 'POST', headers: server.headers, body: bodies[20 + CONC + i] })
      const answered = performance.now()
      if (r.status !== 201) throw new Error(`create: ${r.status}`)
      await r.arrayBuffer()
      const landed = await until(() => gitIn(dir, 'rev-parse', 'HEAD') !== head)
      latencies.push(landed - answered - WINDOW)
    }
    return { conc: conc.perSecond, burstClean: clean - conc.endedAt, commits, latency: median(latencies) }
  } finally {
    await server.stop()
  }
}

const rows = []
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [false, true] : [true, false]
  const row = {}
  for (const gitOn of order) row[gitOn ? 'on' : 'off'] = await measure(await freshTree(`${gitOn ? 'on' : 'off'}-${round}`), gitOn, 31 + round)
  rows.push(row)
  process.stdout.write(`round ${round + 1}: off ${row.off.conc.toFixed(0)} creates/s | on ${row.on.conc.toFixed(0)} creates/s (${(row.on.conc / row.off.conc).toFixed(2)}×), burst committed ${row.on.burstClean.toFixed(0)} ms after the last answer in ${row.on.commits} commit(s), commit latency after the window ${row.on.latency.toFixed(0)} ms | load ${loadavg()[0].toFixed(1)}\n`)
}
const m = (f) => median(rows.map(f))
process.stdout.write(`\nSaving to git (median of ${ROUNDS} rounds; ${BASE} existing entries; ${CONC} creates by one token, ${WORKERS} at a time; window ${WINDOW} ms; ${cpus().length} CPUs; load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')})\n`)
process.stdout.write('| measure | commits off | commits on | on / off |\n|---|---|---|---|\n')
process.stdout.write(`| ${WORKERS}-concurrent creates/s | ${m((r) => r.off.conc).toFixed(0)} | ${m((r) => r.on.conc).toFixed(0)} | ${m((r) => r.on.conc / r.off.conc).toFixed(2)} (target ≥ 0.5) |\n`)
process.stdout.write(`| burst committed after its last answer (ms) | | ${m((r) => r.on.burstClean).toFixed(0)} | |\n`)
process.stdout.write(`| commits for the burst | | ${m((r) => r.on.commits)} | |\n`)
process.stdout.write(`| commit latency after the window, one create (ms) | | ${m((r) => r.on.latency).toFixed(0)} | |\n`)
rmSync(data, { recursive: true, force: true })
