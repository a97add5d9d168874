#!/usr/bin/env node
// Read throughput: our server vs json-server 0.17 (same data, equivalent queries) vs a bare
// node:http server in its own process replaying ours' answers — the same headers but Date and the
// same body bytes, pre-encoded (the ceiling) — plus a trivial h3 route replaying them (the h3-only ceiling). autocannon,
// 20 connections. Servers are measured in turn within each round, so a drift in machine load
// hits each alike; each query's ratio to the ceiling is the median of the per-round ratios.
// Then a CPU profile of ours (with its request log) and of the ceiling under the same load,
// per answer, naming where the remaining cost goes (bench/read-profile.mjs). Then Q2 again at
// 100k entries for us alone.
//
//   node bench/read.bench.mjs            (BENCH_N=10000 BENCH_BIG=100000 BENCH_ROUNDS=8 BENCH_SECONDS=2)
//   BENCH_BIG=0 skips the 100k run; BENCH_N=0 runs only it; BENCH_PROFILE_SECONDS=0 skips the profile;
//   BENCH_SERVERS=ours,quiet,bare measures only those (default: all); BENCH_QUERIES=Q3,Q1 only those queries, in that order.
//   BENCH_CLIENT=autocannon|wrk (default wrk when installed); BENCH_PIN=0 leaves processes unpinned; BENCH_PAIRED_ROUNDS,
//   BENCH_PAIRED_SECONDS (6, 3; 0 rounds skips them), BENCH_PAIRED_ORDER=quiet,ours pairs those with bare in that order (default ours,quiet,inproc,imported).
import { spawn, execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import http from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { toJsonServer } from './gen-workload.mjs'
import { autocannonProcess, children, hasWrk, importWorkload, median, pinned, wrkProcess } from './lib.mjs'
import { PROFILER_HOOK, profileTable, profileWhile } from './read-profile.mjs'
import { loadavg } from 'node:os'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/read')
const N = Number(process.env.BENCH_N ?? 10000)
const BIG = Number(process.env.BENCH_BIG ?? 100000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1)
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 2)
// The servers measured on the last core, the load generator (and this process) on the others:
// on a 2-core machine, a client and a server left to the scheduler preempt each other, and the
// spread of the ratio from run to run was wider than the gap being measured. BENCH_PIN=0 leaves them unpinned.
const CORES = (await import('node:os')).availableParallelism()
const PIN = process.env.BENCH_PIN !== '0' && CORES >= 2 && process.platform === 'linux'
const SERVER_CPUS = PIN ? String(CORES - 1) : null
const CLIENT_CPUS = PIN ? (CORES === 2 ? '0' : `0-${CORES - 2}`) : null
// wrk when installed (Debian's `wrk`): autocannon costs about as much CPU per answer as the
// server, so with it the client was the bottleneck of a round. BENCH_CLIENT=autocannon forces it.
const CLIENT = process.env.BENCH_CLIENT ?? (hasWrk() ? 'wrk' : 'autocannon')
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 6)
const PAIRED_SECONDS = Number(process.env.BENCH_PAIRED_SECONDS ?? 3)
const SERVERS = (process.env.BENCH_SERVERS ?? 'ours,quiet,nw,bare,inproc,imported,h3,js').split(',')
// Ours runs with the Node flags `npm start` gives `cms serve` (package.json): without them, a
// server idle between two rounds (as every server is while the others are measured) came back at
// 0.6–0.8 of bare after V8's memory reducer ran (docs/benchmarks.md, session 11). BENCH_SERVE_FLAGS='' runs ours without.
const SERVE_FLAGS = (process.env.BENCH_SERVE_FLAGS ?? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start).split(/\s+/).filter((t) => t.startsWith('--'))

const STANDARD = [
  { id: 'Q1', ours: '?paginate=20', js: '?state=published&_page=1&_limit=20' },
  { id: 'Q2', ours: '?locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2', js: '?state=published&locale=en&category=Science&_sort=views&_order=desc&_page=2&_limit=20' },
  { id: 'Q3', ours: '?where[title][like]=%25delta%25&limit=20', js: '?state=published&title_like=delta&_limit=20' },
  // json-server has no count: its closest is the X-Total-Count of a one-row page.
  { id: 'Q4', ours: '?where[views][gte]=50000&count=1', js: '?state=published&views_gte=50000&_page=1&_limit=1' },
  // json-server cannot exclude fields: it sends them.
  { id: 'Q5', ours: '?exclude=content&paginate=50&page=3', js: '?state=published&_page=3&_limit=50' },
]
// BENCH_QUERIES=Q3,Q1,Q1 measures those, in that order (a repeat is labelled Q1#2): whether a
// figure belongs to the query or to its place in the run.
const QUERIES = (process.env.BENCH_QUERIES ?? STANDARD.map((q) => q.id).join(',')).split(',').map((id, i, all) => {
  const q = STANDARD.find((s) => s.id === id)
  if (!q) throw new Error(`BENCH_QUERIES: no standard query ${id} (${STANDARD.map((s) => s.id).join(', ')})`)
  const seen = all.slice(0, i).filter((x) => x === id).length
  return { ...q, id: seen ? `${id}#${seen + 1}` : id }
})


function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) })
  })
}

function start(args, env = {}) {
  // stdout is a pipe the bench drains, as a terminal or a log collector would read a request log.
  const child = spawn(...pinned(SERVER_CPUS, process.execPath, args), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
  child.stdout.on('data', () => {})
  let err = ''
  child.stderr.on('data', (d) => { err += d; if (err.length > 4000) err = err.slice(-4000) })
  children.add(child)
  child.on('exit', () => children.delete(child))
  return { child, stderr: () => err, stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.once('exit', r); child.kill('SIGTERM') }) }
}

async function waitFor(url, headers, proc, timeoutMs = 300000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.stderr()}`)
    try { const r = await fetch(url, { headers }); if (r.status < 500) { await r.arrayBuffer(); return } } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timeout waiting for ${url}`)
}


/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS)
  } catch {
    return null
  }
}
const CLOCK_TICKS = (() => { try { return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100 } catch { return 100 } })()

/**
 * One load of `seconds` on `url`. With `pid`, also the CPU the server process spent per answer
 * (µs; less sensitive to a neighbour's load than req/s) and the share of the window it was busy,
 * and the CPU the client (autocannon, in its own process) spent per answer: which side was the bottleneck.
 */
async function cannon(url, headers, seconds, pid) {
  const cpu0 = pid ? cpuMs(pid) : null
  // In its own process: this one drains the servers' request-log pipes, which Node writes
  // synchronously; with the load generator in this loop a full pipe stalled the server.
  const r = await (CLIENT === 'wrk' ? wrkProcess : autocannonProcess)({ url, connections: 20, duration: seconds, headers }, { cpus: CLIENT_CPUS })
  const wall = r.wallMs
  const client = r.cpu
  const cpu1 = pid ? cpuMs(pid) : null
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers`)
  if (r.errors > 0) process.stdout.write(`  (${url.replace(/^http:\/\/[^/]+/, '')}: ${r.errors} errors/timeouts in one round)\n`)
  const answers = Math.max(1, r.requests.total)
  return {
    rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
    ...(cpu0 !== null && cpu1 !== null ? { cpuUs: ((cpu1 - cpu0) * 1000) / answers, busy: (cpu1 - cpu0) / wall } : {}),
    clientUs: (client.user + client.system) / answers, clientBusy: (client.user + client.system) / 1000 / wall,
  }
}

async function measure(url, headers) {
  await cannon(url, headers, WARMUP)
  const rounds = []
  for (let i = 0; i < ROUNDS; i++) rounds.push(await cannon(url, headers, SECONDS))
  return { rps: median(rounds.map((r) => r.rps)), p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)) }
}

/** The workload at `n` entries (and json-server's copy of it, from the same entries). */
function importWorkloadOf(n) {
  return importWorkload(join(data, `n${n}`), n, (entries, dir) => writeFileSync(join(dir, 'db.json'), JSON.stringify(toJsonServer(entries))))
}

async function startOurs(content, projectId, { watch = true, log = false, readOnly = false } = {}) {
  if (!readOnly) rmSync(join(content, '..', '.cms'), { recursive: true, force: true })
  const port = await freePort()
  // `cms serve` in a child process: runServer from dist/, as the serve command calls it. The
  // no-watcher variant is the same context, app and listener without the file watcher.
  const dist = (f) => JSON.stringify(join(root, 'dist', f))
  // With `log`, the request log of `cms serve` (text lines on stdout) is on, as `cms serve` has it by default.
  const code = (watch
    ? `import { runServer } from ${dist('server/lifecycle/run.js')}; import { createRequestLog } from ${dist('cli/request-log.js')};
       const log = ${log} ? createRequestLog({ format: 'text', quiet: false }) : null;
       await runServer({ dir: ${JSON.stringify(content)}, port: ${port}, host: '127.0.0.1', readOnly: ${readOnly}, ...(log ? { onResponse: log } : {}) })`
    : `import { createContext } from ${dist('context.js')}; import { loadConfig } from ${dist('config.js')}; import { createApp } from ${dist('server/http/app.js')}; import { startServer } from ${dist('server/lifecycle/listen.js')};
       const ctx = await createContext({ config: loadConfig({ dir: ${JSON.stringify(content)} }), watch: false, source: 'api' });
       await startServer(createApp(ctx), { port: ${port}, host: '127.0.0.1' })`) + PROFILER_HOOK
  const proc = start([...SERVE_FLAGS, '--input-type=module', '-e', code], { API_RATE_LIMIT_PER_MINUTE: '0' })
  const headers = { 'project-id': projectId, accept: 'application/json' }
  await waitFor(`http://127.0.0.1:${port}/`, headers, proc)
  return { proc, base: `http://127.0.0.1:${port}`, headers }
}

/**
 * A ceiling server (bare node:http, or a trivial h3 route) replaying, per URL, the answer ours
 * gave: the same status line, every header but `Date` (and `Connection`/`Keep-Alive`, which
 * Node adds itself), in the same order, and the same body bytes. The bare server writes the
 * pre-built header list with one `writeHead` (the cheapest way node:http has to send them).
 */
async function startCeiling(kind, replies, content = null) {
  const port = await freePort()
  const file = join(data, `replies-${kind}.json`)
  writeFileSync(file, JSON.stringify(replies))
  const load = `const replies = new Map(Object.entries(JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'))).map(([u, r]) => [u, { head: r.head, body: Buffer.from(r.body, 'base64') }]));
       const none = { head: ['content-type', 'application/json; charset=utf-8', 'content-length', '2'], body: Buffer.from('{}') };`
  // inproc: the same bare handler, in a process that first starts `cms serve --read-only` on the
  // tree (on a port of its own, unused), with the flags of `npm start`: what a process that is
  // `cms serve` costs a bare answer, before any of our request handling.
  // imported: the same again in a process that only imports the server's modules (nothing run):
  // what the program's code costs a bare answer, apart from its data (session 14: most of the gap).
  const serve = kind === 'inproc' ? `import { runServer } from ${JSON.stringify(join(root, 'dist/server/lifecycle/run.js'))};
       await runServer({ dir: ${JSON.stringify(content)}, port: 0, host: '127.0.0.1', readOnly: true });`
    : kind === 'imported' ? `import ${JSON.stringify(join(root, 'dist/server/lifecycle/run.js'))};` : ''
  const code = kind === 'bare' || kind === 'inproc' || kind === 'imported'
    ? `import http from 'node:http'; import fs from 'node:fs'; ${serve} ${load}
       http.createServer((req, res) => { const r = replies.get(req.url) ?? none; res.writeHead(200, r.head); res.end(r.body) }).listen(${port}, '127.0.0.1');` + PROFILER_HOOK
    : `import http from 'node:http'; import fs from 'node:fs'; import { H3 } from 'h3'; import { toNodeHandler } from 'h3/node'; ${load}
       const app = new H3(); app.get('/**', (event) => { const r = replies.get(event.url.pathname + event.url.search) ?? none; for (let i = 0; i < r.head.length; i += 2) if (r.head[i].toLowerCase() !== 'content-length') event.res.headers.set(r.head[i], r.head[i + 1]); return r.body });
       http.createServer(toNodeHandler(app)).listen(${port}, '127.0.0.1')`
  const proc = start([...(kind === 'inproc' || kind === 'imported' ? SERVE_FLAGS : []), '--input-type=module', '-e', code], { API_RATE_LIMIT_PER_MINUTE: '0' })
  await waitFor(`http://127.0.0.1:${port}/`, {}, proc)
  return { proc, base: `http://127.0.0.1:${port}` }
}

/** Ours' answer to `url` as sent: status, raw header list (without Date, Connection, Keep-Alive) and body bytes. */
function capture(url, headers) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const head = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (!/^(date|connection|keep-alive)$/i.test(res.rawHeaders[i])) head.push(res.rawHeaders[i], res.rawHeaders[i + 1])
        resolve({ status: res.statusCode, head, body: Buffer.concat(chunks) })
      })
    }).on('error', reject)
  })
}

async function startJsonServer(dbFile) {
  const port = await freePort()
  const proc = start(['node_modules/json-server/lib/cli/bin.js', '--quiet', '--port', String(port), '--host', '127.0.0.1', dbFile])
  await waitFor(`http://127.0.0.1:${port}/articles?_limit=1`, {}, proc)
  return { proc, base: `http://127.0.0.1:${port}` }
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })

/**
 * The list service in this process, without HTTP: the first answer after a write (the
 * collection's views, indexes and match lists rebuilt; per-entry JSON of unchanged entries
 * reused), and a repeated answer (response cache). Medians.
 */
async function serviceTimings(content, queries) {
  const { loadConfig } = await import(join(root, 'dist/config.js'))
  const { createContext } = await import(join(root, 'dist/context.js'))
  const { listEntries } = await import(join(root, 'dist/service/entries/list.js'))
  const ctx = await createContext({ config: loadConfig({ dir: content, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: false, source: 'cli' })
  const index = ctx.store.collection('articles')
  const n = index.entries.size
  const some = [...index.entries.values()][0]
  const lines = [`service timings in-process, ${n} entries (ms, median of 7):`, '| query | first answer after a write | repeated answer |', '|---|---|---|']
  for (const q of queries) {
    const cold = []
    const warm = []
    for (let i = 0; i < 7; i++) {
      await ctx.store.putEntry('articles', { ...index.entries.get(some.uuid) }, 'cli')
      let t = performance.now()
      listEntries(ctx, 'articles', q.ours.slice(1), 'http://127.0.0.1')
      cold.push(performance.now() - t)
      t = performance.now()
      for (let k = 0; k < 100; k++) listEntries(ctx, 'articles', q.ours.slice(1), 'http://127.0.0.1')
      warm.push((performance.now() - t) / 100)
    }
    lines.push(`| ${q.id} | ${fmt(median(cold), 2)} | ${fmt(median(warm), 4)} |`)
  }
  await ctx.store.flush()
  await ctx.close()
  return lines.join('\n')
}

/** Waits until the server answers promptly (the file watcher's initial scan can block it for seconds after start). */
async function settle(url, headers, timeoutMs = 180000) {
  const until = Date.now() + timeoutMs
  let fast = 0
  while (Date.now() < until && fast < 10) {
    const t = performance.now()
    try {
      const r = await fetch(url, { headers })
      await r.arrayBuffer()
      fast = r.ok && performance.now() - t < 25 ? fast + 1 : 0
    } catch {
      fast = 0
    }
    if (fast === 0) await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Ours (and quiet) against bare **at the same time**: both servers loaded together, each by its own
 * client, for the same window; the CPU each spent per answer in that window, and their ratio.
 *
 * Why: on this machine (2 vCPUs of a shared host) the speed of a core moves from one 2-s window
 * to the next — the same server's CPU per answer ranged 36–60 µs between consecutive rounds, so
 * sequential rounds' ratios spread 0.6–1.4 and a run's median moved ±0.15 from run to run. Two
 * servers measured in the same window see the same core: per-round ratios then stay within
 * ±0.03. Pinned (the default on Linux), both servers share one core and the clients the other,
 * so a server's share of its core is what the scheduler gives it, and the ratio of CPU per
 * answer is the ratio of the answers each would give alone on that core.
 */
async function pairedRounds(servers, urlOf) {
  const rows = []
  for (const name of (process.env.BENCH_PAIRED_ORDER ?? 'ours,quiet,inproc,imported').split(',').filter((n) => servers[n])) {
    for (const q of QUERIES) {
      const a = servers[name]
      const b = servers.bare
      const rounds = []
      for (let i = 0; i < PAIRED_ROUNDS; i++) {
        const a0 = cpuMs(a.proc.child.pid)
        const b0 = cpuMs(b.proc.child.pid)
        const load = (s, n) => (CLIENT === 'wrk' ? wrkProcess : autocannonProcess)({ url: urlOf(n, q), connections: 20, duration: PAIRED_SECONDS, headers: s.headers }, { cpus: CLIENT_CPUS })
        const [ra, rb] = await Promise.all([load(a, name), load(b, 'bare')])
        if (ra.non2xx + rb.non2xx > 0) throw new Error(`${q.id}: non-2xx answers in a paired round`)
        const usA = ((cpuMs(a.proc.child.pid) - a0) * 1000) / Math.max(1, ra.requests.total)
        const usB = ((cpuMs(b.proc.child.pid) - b0) * 1000) / Math.max(1, rb.requests.total)
        // The servers' core should be busy ~1.00: below that, the clients' core was the limit.
        const busy = (usA * ra.requests.total + usB * rb.requests.total) / 1000 / (PAIRED_SECONDS * 1000)
        rounds.push({ usA, usB, cpu: usB / usA, answers: ra.requests.total / Math.max(1, rb.requests.total), busy })
      }
      const cpu = rounds.map((r) => r.cpu)
      rows.push({ name, q: q.id, usA: median(rounds.map((r) => r.usA)), usB: median(rounds.map((r) => r.usB)), cpu: median(cpu), min: Math.min(...cpu), max: Math.max(...cpu), answers: median(rounds.map((r) => r.answers)), busy: median(rounds.map((r) => r.busy)) })
    }
  }
  const lines = [
    `paired rounds: each server loaded at the same time as bare (${PAIRED_ROUNDS} rounds × ${PAIRED_SECONDS} s, ${CLIENT}, 20 connections each${PIN ? `, both servers on CPU ${SERVER_CPUS}` : ''}); medians over the rounds`,
    '| server | query | µs CPU per answer | bare µs CPU per answer | **bare/server CPU** (min–max) | answers server/bare | servers\' core busy |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const r of rows) lines.push(`| ${r.name} | ${r.q} | ${fmt(r.usA, 1)} | ${fmt(r.usB, 1)} | **${fmt(r.cpu, 2)}** (${fmt(r.min, 2)}–${fmt(r.max, 2)}) | ${fmt(r.answers, 2)} | ${fmt(r.busy, 2)} |`)
  lines.push('target: ours ≥ 0.90 of bare on every query (bare/server CPU: the answers each would give alone on the same core)')
  const of = (name, q) => rows.find((r) => r.name === name && r.q === q)
  if (rows.some((r) => r.name === 'inproc') && rows.some((r) => r.name === 'ours')) {
    // ours/bare = (inproc/bare) × (ours/inproc): what being a cms serve process costs, and what our handling costs on top.
    // With imported: the process's share splits into its modules (imported/bare) and its data, watcher and server (inproc/imported).
    const split = rows.some((r) => r.name === 'imported')
    lines.push('', 'where the gap to bare lies, from the paired ratios above:',
      `| query | the process (inproc/bare) |${split ? ' of it, the modules alone (imported/bare) | of it, the data, watcher and server (inproc/imported) |' : ''} our handling and log in it (ours/inproc) | ours/bare |`,
      `|---|---|${split ? '---|---|' : ''}---|---|`)
    for (const q of QUERIES) {
      const o = of('ours', q.id)
      const p = of('inproc', q.id)
      const m = of('imported', q.id)
      if (o && p) lines.push(`| ${q.id} | ${fmt(p.cpu, 2)} |${split ? (m ? ` ${fmt(m.cpu, 2)} | ${fmt(p.cpu / m.cpu, 2)} |` : ' | |') : ''} ${fmt(o.cpu / p.cpu, 2)} | ${fmt(o.cpu, 2)} |`)
    }
  }
  return lines.join('\n')
}

const NAMES = {
  ours: 'ours = `cms serve` (runServer, request log on, to a pipe)',
  quiet: 'quiet = `cms serve --quiet --read-only` (no request log)',
  nw: 'nw = the same app without the file watcher, no log',
  bare: 'bare = node:http in its own process replaying ours\' answer: the same headers (all but Date) and body bytes, pre-encoded (the ceiling)',
  inproc: 'inproc = the bare server\'s handler inside a process running `cms serve --read-only` on the same tree (npm start\'s flags): what the process alone costs a bare answer',
  imported: 'imported = the bare server\'s handler inside a process that only imported `cms serve`\'s modules, nothing run (npm start\'s flags): what the program\'s code alone costs a bare answer',
  h3: 'h3 = a trivial h3 route replaying the same headers and bytes',
  js: 'js = json-server 0.17 on the same data',
}

async function runStandard() {
  const w = importWorkloadOf(N)
  const servers = {}
  const on = (name) => SERVERS.includes(name) || name === 'ours' || name === 'bare'
  servers.ours = await startOurs(w.content, w.projectId, { log: true })
  await settle(servers.ours.base + '/articles?limit=1', servers.ours.headers)
  if (on('quiet')) {
    servers.quiet = await startOurs(w.content, w.projectId, { readOnly: true })
    await settle(servers.quiet.base + '/articles?limit=1', servers.quiet.headers)
  }
  if (on('nw')) {
    servers.nw = await startOurs(w.content, w.projectId, { watch: false })
    await settle(servers.nw.base + '/articles?limit=1', servers.nw.headers)
  }
  // The ceilings replay ours' exact answers (headers and bytes), captured once per query.
  const replies = {}
  for (const q of QUERIES) {
    const r = await capture(servers.ours.base + '/articles' + q.ours, servers.ours.headers)
    if (r.status !== 200) throw new Error(`${q.id}: ${r.status} ${r.body}`)
    q.bytes = r.body.length
    q.headers = r.head.length / 2
    replies['/articles' + q.ours] = { head: r.head, body: r.body.toString('base64') }
  }
  // The ceilings get the same request (its headers too: parsing them is part of an answer's cost).
  servers.bare = { ...(await startCeiling('bare', replies)), headers: servers.ours.headers }
  if (on('inproc')) servers.inproc = { ...(await startCeiling('inproc', replies, w.content)), headers: servers.ours.headers }
  if (on('imported')) servers.imported = { ...(await startCeiling('imported', replies)), headers: servers.ours.headers }
  if (on('h3')) servers.h3 = { ...(await startCeiling('h3', replies)), headers: servers.ours.headers }
  if (on('js')) servers.js = { ...(await startJsonServer(join(w.dir, 'db.json'))), headers: {} }
  const names = Object.keys(servers)
  const urlOf = (name, q) => servers[name].base + '/articles' + (name === 'js' ? q.js : q.ours)
  const load = [loadavg()[0]]
  // Each round measures every server once, in turn: the ratio of a round compares neighbours in time.
  const results = {}
  for (const q of QUERIES) {
    const rounds = Object.fromEntries(names.map((n) => [n, []]))
    for (const n of names) await cannon(urlOf(n, q), servers[n].headers, WARMUP)
    // The order flips every round: whichever server runs first in a round (after the previous
    // query's last one) does not always get that slot.
    for (let i = 0; i < ROUNDS; i++) for (const n of i % 2 ? [...names].reverse() : names) rounds[n].push(await cannon(urlOf(n, q), servers[n].headers, SECONDS, servers[n].proc.child.pid))
    const med = (n, key) => (rounds[n].every((r) => r[key] !== undefined) ? median(rounds[n].map((r) => r[key])) : undefined)
    const summary = Object.fromEntries(names.map((n) => [n, { rps: med(n, 'rps'), p50: med(n, 'p50'), p99: med(n, 'p99'), cpuUs: med(n, 'cpuUs'), busy: med(n, 'busy'), clientUs: med(n, 'clientUs'), clientBusy: med(n, 'clientBusy') }]))
    const ratio = (n, base = 'bare') => median(rounds[n].map((r, i) => r.rps / rounds[base][i].rps))
    results[q.id] = { summary, ratio }
    load.push(loadavg()[0])
    process.stdout.write(`${q.id} done (load average ${loadavg()[0].toFixed(1)})\n`)
  }

  const lines = []
  lines.push(`read: ${N} entries, ${CLIENT} 20 connections, ${WARMUP}s warm-up + ${ROUNDS} rounds × ${SECONDS}s per server, servers in turn within each round${PIN ? `; servers pinned to CPU ${SERVER_CPUS}, the load generator to CPU ${CLIENT_CPUS} (taskset)` : ', unpinned'}`)
  lines.push(`ours, quiet and nw run with the Node flags of \`npm start\`: ${SERVE_FLAGS.join(' ') || '(none)'}; bare, h3 and js with none`)
  lines.push(`1-minute load average during the run: median ${median(load).toFixed(1)} (min ${Math.min(...load).toFixed(1)}, max ${Math.max(...load).toFixed(1)}) on ${(await import('node:os')).cpus().length} cores`)
  for (const n of names) lines.push(NAMES[n])
  lines.push(`| query | bytes (headers) | ${names.map((n) => `${n} req/s | ${n} p50/p99 ms`).join(' | ')} | ${names.filter((n) => n !== 'bare').map((n) => `${n}/bare`).join(' | ')}${servers.quiet ? ' | log cost (1 − ours/quiet)' : ''} |`)
  lines.push(`|---|---|${names.map(() => '---|---|').join('')}${names.filter((n) => n !== 'bare').map(() => '---|').join('')}${servers.quiet ? '---|' : ''}`)
  const fmtRatio = (n, x) => (n === 'js' ? `${fmt(x, 3)}×` : `**${fmt(x, 2)}**`)
  for (const q of QUERIES) {
    const { summary: r, ratio } = results[q.id]
    lines.push(`| ${q.id} | ${fmt(q.bytes)} (${q.headers}) | ${names.map((n) => `${fmt(r[n].rps)} | ${fmt(r[n].p50, 1)}/${fmt(r[n].p99, 1)}`).join(' | ')} | ${names.filter((n) => n !== 'bare').map((n) => fmtRatio(n, ratio(n))).join(' | ')}${servers.quiet ? ` | ${fmt(100 * (1 - ratio('ours', 'quiet')), 1)}%` : ''} |`)
  }
  lines.push('ratios: median over the rounds of (server req/s ÷ bare req/s in the same round); target ours/bare ≥ 0.90')
  if (names.every((n) => results[QUERIES[0].id].summary[n].cpuUs !== undefined)) {
    // CPU per answer: what each answer costs the server process, whatever the client and the neighbours do.
    lines.push('', 'CPU per answer (µs, user + system, median over the rounds) and the share of each window the process was busy (1.00 = one core):')
    lines.push(`| query | ${names.map((n) => `${n} µs (busy)`).join(' | ')} | ${names.filter((n) => n !== 'bare').map((n) => `bare/${n} CPU`).join(' | ')} | client µs (busy) beside bare |`)
    lines.push(`|---|${names.map(() => '---|').join('')}${names.filter((n) => n !== 'bare').map(() => '---|').join('')}---|`)
    for (const q of QUERIES) {
      const r = results[q.id].summary
      lines.push(`| ${q.id} | ${names.map((n) => `${fmt(r[n].cpuUs, 1)} (${fmt(r[n].busy, 2)})`).join(' | ')} | ${names.filter((n) => n !== 'bare').map((n) => `**${fmt(r.bare.cpuUs / r[n].cpuUs, 2)}**`).join(' | ')} | ${fmt(r.bare.clientUs, 1)} (${fmt(r.bare.clientBusy, 2)}) |`)
    }
    lines.push('(a server whose busy share is near 1.00 was the bottleneck of its rounds; where the client is near 1.00 instead, req/s measures the client and the CPU ratio is the fairer figure)')
  }
  process.stdout.write(lines.join('\n') + '\n')
  if (PAIRED_ROUNDS > 0) process.stdout.write('\n' + await pairedRounds(servers, urlOf) + '\n')

  if (PROFILE_SECONDS > 0) {
    // Every query in turn under load while the profiler samples, for ours (with its log), quiet and the ceiling.
    const runs = []
    for (const n of ['ours', 'quiet', 'bare'].filter((x) => servers[x])) {
      const [profile, requests] = await profileWhile(servers[n].proc.child, async () => {
        let total = 0
        for (const q of QUERIES) total += (await autocannon({ url: urlOf(n, q), connections: 20, duration: PROFILE_SECONDS, headers: servers[n].headers })).requests.total
        return total
      })
      runs.push({ name: n, profile, requests })
    }
    process.stdout.write(`\nwhere the time of one answer goes (V8 sampling profiler, Q1–Q5 × ${PROFILE_SECONDS}s each, µs of CPU per answer and share of busy time):\n`)
    process.stdout.write(profileTable(runs) + '\n')
    process.stdout.write('(the socket write — writev, which on loopback also runs the receiving side of TCP — is most of "node http + socket", and costs more per answer on a machine whose cores are contended)\n')
  }
  for (const n of names) await servers[n].proc.stop()

  process.stdout.write('\n' + await serviceTimings(w.content, QUERIES) + '\n')
}

async function main() {
  mkdirSync(data, { recursive: true })
  if (PIN) {
    // This process drains the servers' request-log pipes: it belongs with the client, off the servers' core.
    try { execFileSync('taskset', ['-a', '-p', '-c', CLIENT_CPUS, String(process.pid)], { stdio: 'ignore' }) } catch {}
  }
  process.stdout.write('building dist/...\n')
  try { execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' }) } catch {}
  if (N > 0) await runStandard()

  if (BIG > 0) {
    const big = importWorkloadOf(BIG)
    process.stdout.write('\n' + await serviceTimings(big.content, [QUERIES[1]]) + '\n')
    const q = QUERIES[1]
    for (const watch of [true, false]) {
      const s = await startOurs(big.content, big.projectId, { watch })
      await settle(s.base + '/articles?limit=1', s.headers, 300000)
      const r = await measure(s.base + '/articles' + q.ours, s.headers)
      await s.proc.stop()
      process.stdout.write(`Q2 at ${BIG} entries, ${watch ? 'ours (cms serve)' : 'ours-nw (no watcher)'}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms\n`)
    }
  }
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1) })
