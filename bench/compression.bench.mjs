#!/usr/bin/env node
// Compression of JSON answers (src/server/http/compression.ts), at 10k articles:
// 1. bytes and time: list answers of several sizes, plain, brotli (quality 5, what the server
//    uses; 4 and 11 for reference) and gzip (level 6, what it uses): size and ms to compress once
//    (an answer is compressed once per cached answer, then sent from memory);
// 2. the fast read path's cost per answer (in process, as read-path.bench.mjs: Node's request
//    and response replaced by plain objects) for a client WITHOUT Accept-Encoding, this checkout
//    against BENCH_BASELINE (another checkout's root with its dist/ built, e.g. main's), in
//    alternating runs (paired: the machine's load hits both alike); and for a client that asks
//    (br), the cost of a compressed answer sent from the cache.
//
//   node bench/compression.bench.mjs     (BENCH_N=10000 BENCH_CALLS=100000 BENCH_ROUNDS=9 BENCH_BASELINE=/path/to/main)
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { importWorkload, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const N = Number(process.env.BENCH_N ?? 10000)
const CALLS = Number(process.env.BENCH_CALLS ?? 100000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : null
const dir = join(root, `bench/.data/read/n${N}`)
const content = join(dir, 'content')

process.stdout.write('building dist/...\n')
try { execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' }) } catch {}
importWorkload(dir, N)

async function appOf(checkout) {
  const { loadConfig } = await import(join(checkout, 'dist/config.js'))
  const { createContext } = await import(join(checkout, 'dist/context.js'))
  const { createApp } = await import(join(checkout, 'dist/server/http/app.js'))
  const ctx = await createContext({ config: loadConfig({ dir: content, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: false, source: 'api' })
  ctx.readOnly = true
  return { ctx, fast: createApp(ctx).fastRead }
}

const ours = await appOf(root)
const projectId = ours.ctx.store.project.uuid
let sink = 0
const res = { statusCode: 0, writeHead(status) { this.statusCode = status }, end(bytes) { sink += bytes ? bytes.length : 0 } }
const socket = { remoteAddress: '127.0.0.1' }
const answerOf = (fast, target, extra = {}) => {
  let body = null
  const r = { statusCode: 0, head: null, writeHead(status, head) { this.statusCode = status; this.head = head }, end(bytes) { body = bytes } }
  if (!fast({ method: 'GET', url: target, headers: { host: '127.0.0.1:4000', 'project-id': projectId, accept: 'application/json', ...extra }, rawHeaders: [], socket }, r)) throw new Error(`${target}: handed to h3`)
  return { body: Buffer.from(body ?? []), head: r.head }
}

// 1. Bytes and time.
const time = (f) => { const runs = []; for (let i = 0; i < 9; i++) { const t = performance.now(); f(); runs.push(performance.now() - t) } return median(runs) }
const sizes = [['paginate=20', '?paginate=20'], ['paginate=100', '?paginate=100'], ['paginate=500', '?paginate=500']]
const lines = [
  `compression at ${N.toLocaleString('en-US')} articles, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  '', '| answer | plain | br q5 (served) | ms | gzip 6 (served) | ms | br q4 | ms | br q11 | ms |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
]
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
for (const [name, q] of sizes) {
  const { body } = answerOf(ours.fast, `/articles${q}`)
  const br = (q) => () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  const gz = () => gzipSync(body, { level: 6 })
  const cell = (f) => `${kb(f().length)} | ${time(f).toFixed(2)}`
  lines.push(`| ${name} | ${kb(body.length)} | ${cell(br(5))} | ${cell(gz)} | ${cell(br(4))} | ${cell(br(11))} |`)
}

// 2. The fast read path, per answer.
function nsPerAnswer(fast, target, extra) {
  const headers = { host: '127.0.0.1:4000', 'project-id': projectId, accept: 'application/json', ...extra }
  const raw = Object.entries(headers).flat()
  // CPU time of this process, not wall time: on a shared machine other processes' load moves it less.
  const t = process.cpuUsage()
  for (let i = 0; i < CALLS; i++) {
    const req = { method: 'GET', url: (' ' + target).slice(1), headers, rawHeaders: raw, socket }
    if (!fast(req, res)) throw new Error(`${target}: handed to h3`)
  }
  const used = process.cpuUsage(t)
  return ((used.user + used.system) * 1e3) / CALLS
}

const baseline = BASELINE && existsSync(join(BASELINE, 'dist/server/http/app.js')) ? await appOf(BASELINE) : null
const targets = [['paginate=5 (under 10 KB)', '/articles?paginate=5'], ['Q1 paginate=20 (21 KB)', '/articles?paginate=20'], ['paginate=100 (105 KB)', '/articles?paginate=100']]
lines.push('', `fast read path, CPU ns per answer, ${CALLS.toLocaleString('en-US')} calls × ${ROUNDS} alternating runs (median)${baseline ? `; baseline: ${BASELINE}` : ' (set BENCH_BASELINE to a checkout with dist/ built for the paired comparison)'}`)
lines.push(baseline ? '| answer | no Accept-Encoding: this | baseline | ratio | asks br: this (compressed, from cache) |' : '| answer | no Accept-Encoding | asks br (compressed when ≥ 10 KB, from cache) |')
lines.push(baseline ? '|---|---:|---:|---:|---:|' : '|---|---:|---:|')
for (const [name, target] of targets) {
  // Warm: a large answer's compressed form is made off the event loop by the first request that asks.
  for (const extra of [{}, { 'accept-encoding': 'gzip, deflate, br' }]) {
    answerOf(ours.fast, target, extra)
    if (baseline) answerOf(baseline.fast, target, extra)
  }
  await new Promise((r) => setTimeout(r, 500))
  const a = []; const b = []; const ratio = []; const asks = []
  for (let r = 0; r < ROUNDS; r++) {
    // Which goes first alternates too: the second of two runs in a row was measured a little faster.
    const first = r % 2 === 0 || !baseline
    const x0 = first ? nsPerAnswer(ours.fast, target, {}) : NaN
    const y = baseline ? nsPerAnswer(baseline.fast, target, {}) : NaN
    const x = first ? x0 : nsPerAnswer(ours.fast, target, {})
    a.push(x)
    if (baseline) { b.push(y); ratio.push(x / y) }
    asks.push(process.env.BENCH_ASKS === '0' ? NaN : nsPerAnswer(ours.fast, target, { 'accept-encoding': 'gzip, deflate, br' }))
  }
  lines.push(baseline
    ? `| ${name} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${median(ratio).toFixed(3)} | ${median(asks).toFixed(0)} |`
    : `| ${name} | ${median(a).toFixed(0)} | ${median(asks).toFixed(0)} |`)
}
process.stdout.write(lines.join('\n') + `\n(load average at the end ${loadavg()[0].toFixed(1)})\n`)
await ours.ctx.close()
await baseline?.ctx.close()
process.exit(sink > 0 ? 0 : 1)
