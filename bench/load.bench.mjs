#!/usr/bin/env node
// `npm run bench:load`: imports the standard workload at N entries (default 100000), then times
// `cms serve` from spawn to ready (URL printed, port answering), the first Q2 after that, and
// reports its RSS against the content's size on disk. One cold start (no index cache), then the
// median of 3 warm starts (BENCH_LOAD_WARM). Targets: ready < 5 s, RSS < 4x content size.
//
//   npm run bench:load -- --entries 1000000      (or a bare number; BENCH_LOAD_N)
//
// At 1M: ~1 GB of template (streamed by `cms import`), ~10 GB on disk, about half an hour on a
// busy 2-core machine (docs/benchmarks.md, "The path to a million"). Delete bench/.data after.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, readFileSync, existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeTemplate } from './gen-workload.mjs'
import { median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const flag = process.argv.indexOf('--entries')
const n = Number((flag !== -1 ? process.argv[flag + 1] : process.argv[2]) ?? process.env.BENCH_LOAD_N ?? 100000)
if (!Number.isInteger(n) || n < 1) { console.error('usage: node bench/load.bench.mjs [--entries N]'); process.exit(2) }
const WARM = Number(process.env.BENCH_LOAD_WARM ?? 3)
const Q2 = '/articles?locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2'
const data = join(root, 'bench', '.data', `load-${n}`)
const content = join(data, 'content')
const bin = join(root, 'bin', 'cms.mjs')

if (!existsSync(join(content, 'project.yaml'))) {
  rmSync(data, { recursive: true, force: true })
  mkdirSync(data, { recursive: true })
  const file = join(data, 'template.json')
  await writeTemplate(file, n)
  const t = Date.now()
  const r = spawnSync(process.execPath, [bin, 'import', file, '--dir', content, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'inherit'] })
  if (r.status !== 0) { console.error(`import failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''})`); process.exit(1) }
  console.log(`imported ${n} entries in ${((Date.now() - t) / 1000).toFixed(1)} s`)
  rmSync(file, { force: true })
}

function diskSize(dir) {
  let bytes = 0
  let files = 0
  const walk = (d) => {
    for (const item of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, item.name)
      if (item.isDirectory()) walk(p)
      else { bytes += statSync(p).size; files++ }
    }
  }
  walk(dir)
  return { bytes, files }
}

// CMS_SERVE_RESPAWN=0: `cms serve` answers in the child spawned here (cli/serve-flags.ts), whose RSS is read.
function startOnce() {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint()
    const child = spawn(process.execPath, [bin, 'serve', '--dir', content, '--port', '0', '--read-only', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', CMS_SERVE_RESPAWN: '0' } })
    let out = ''
    child.stdout.on('data', async (d) => {
      out += d
      const m = /url:\s+(\S+)/.exec(out)
      const id = /project id:\s+(\S+)/.exec(out)
      if (!m || !id || child.readyAt) return
      child.readyAt = Number(process.hrtime.bigint() - t0) / 1e6
      const res = await fetch(`${m[1]}/articles?limit=1`, { headers: { 'project-id': id[1] } })
      await res.arrayBuffer()
      const answeredAt = Number(process.hrtime.bigint() - t0) / 1e6
      const q0 = performance.now()
      const q2 = await fetch(`${m[1]}${Q2}`, { headers: { 'project-id': id[1] } })
      await q2.arrayBuffer()
      const q2Ms = performance.now() - q0
      if (q2.status !== 200) { child.kill('SIGKILL'); reject(new Error(`Q2 answered ${q2.status}`)); return }
      // Let the watcher's initial scan settle before reading RSS: that is the steady state.
      await new Promise((r) => setTimeout(r, 3000))
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024
      child.kill('SIGTERM')
      child.on('exit', () => resolve({ readyMs: child.readyAt, answeredMs: answeredAt, q2Ms, rss }))
    })
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => { if (!child.readyAt) reject(new Error(`serve exited ${code}: ${out}`)) })
  })
}

const { bytes, files } = diskSize(content)
const du = Number(spawnSync('du', ['-sk', content], { encoding: 'utf8' }).stdout.split('\t')[0]) * 1024
// Cold: no index cache in .cms/, every file read and parsed (the server writes the cache).
rmSync(join(data, '.cms', 'index-cache.bin'), { force: true })
const cold = await startOnce()
// Warm: the usual case, unchanged files come from the cache (mtime, size and inode checked).
const runs = []
for (let i = 0; i < WARM; i++) runs.push(await startOnce())
const ready = median(runs.map((r) => r.readyMs))
const answered = median(runs.map((r) => r.answeredMs))
const rss = median(runs.map((r) => r.rss))
const mb = (b) => `${(b / 1048576).toFixed(0)} MB`
const cacheFile = join(data, '.cms', 'index-cache.bin')
console.log(`entries: ${n}, files: ${files}, content: ${mb(bytes)} (sum of file sizes), ${mb(du)} on disk (du)`)
console.log(`cold start (no index cache): ready ${(cold.readyMs / 1000).toFixed(2)} s, first answer ${(cold.answeredMs / 1000).toFixed(2)} s, RSS ${mb(cold.rss)}`)
console.log(`warm start ready (URL printed, listening): median ${(ready / 1000).toFixed(2)} s  [${runs.map((r) => (r.readyMs / 1000).toFixed(2)).join(', ')}]  target < 5 s`)
console.log(`first answer (GET /articles?limit=1): median ${(answered / 1000).toFixed(2)} s`)
console.log(`first Q2 after that: median ${median(runs.map((r) => r.q2Ms)).toFixed(1)} ms (cold start: ${cold.q2Ms.toFixed(1)} ms)`)
console.log(`index cache: ${existsSync(cacheFile) ? mb(statSync(cacheFile).size) : 'none written'}`)
console.log(`RSS: median ${mb(rss)} = ${(rss / bytes).toFixed(2)}x the content's file bytes, ${(rss / du).toFixed(2)}x its du size  target < 4x`)
