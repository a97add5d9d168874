#!/usr/bin/env node
// Our own JavaScript per answer on the fast read path, in this process and without HTTP: the
// fast path (routing, admission, the service's cached answer, the answer's headers) called with
// Node's request and response replaced by plain objects whose writeHead/end do nothing, for the
// standard queries Q1–Q5 at 10k entries; then the same with the request log's line added. What
// read.bench.mjs measures end to end minus Node's HTTP and socket work: a figure a neighbour's
// load moves much less than req/s (median of 7 runs of 200k calls each).
//
//   node bench/read-path.bench.mjs       (BENCH_N=10000 BENCH_CALLS=200000; the workload is read.bench's)
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importWorkload, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const N = Number(process.env.BENCH_N ?? 10000)
const CALLS = Number(process.env.BENCH_CALLS ?? 200000)
const dir = join(root, `bench/.data/read/n${N}`)
const content = join(dir, 'content')
const QUERIES = [
  ['Q1', '?paginate=20'],
  ['Q2', '?locale=en&where[category]=Science&sort=views:desc&paginate=20&page=2'],
  ['Q3', '?where[title][like]=%25delta%25&limit=20'],
  ['Q4', '?where[views][gte]=50000&count=1'],
  ['Q5', '?exclude=content&paginate=50&page=3'],
]

process.stdout.write('building dist/...\n')
try { execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'ignore' }) } catch {}
// The same workload as read.bench.mjs (it reuses this folder).
importWorkload(dir, N)

const { loadConfig } = await import(join(root, 'dist/config.js'))
const { createContext } = await import(join(root, 'dist/context.js'))
const { createApp } = await import(join(root, 'dist/server/http/app.js'))
const { createRequestLog } = await import(join(root, 'dist/cli/request-log.js'))
const ctx = await createContext({ config: loadConfig({ dir: content, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }), watch: false, source: 'api' })
ctx.readOnly = true
const fast = createApp(ctx).fastRead
let sink = 0
const res = { statusCode: 0, writeHead(status) { this.statusCode = status }, end(bytes) { sink += bytes ? bytes.length : 0 } }
const log = createRequestLog({ format: 'text', quiet: false, write: (text) => { sink += text.length } })
const socket = { remoteAddress: '127.0.0.1' }

/** ns per answer: each call gets a fresh copy of the target, as each request has its own string from the parser. */
function run(target, withLog) {
  const headers = { host: '127.0.0.1:4000', 'project-id': ctx.store.project.uuid, accept: 'application/json' }
  const runs = []
  for (let r = 0; r < 7; r++) {
    const t = performance.now()
    for (let i = 0; i < CALLS; i++) {
      const req = { method: 'GET', url: (' ' + target).slice(1), headers, socket }
      const started = withLog ? performance.now() : 0
      if (!fast(req, res)) throw new Error(`${target}: handed to h3`)
      if (withLog) log({ method: req.method, path: req.url, status: res.statusCode, ms: performance.now() - started, ip: socket.remoteAddress })
    }
    runs.push(((performance.now() - t) * 1e6) / CALLS)
  }
  return median(runs)
}

const lines = [
  `read path in-process: ${ctx.store.collection('articles').entries.size} entries, ${CALLS} calls × 7 runs per figure (median), load average ${loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores`,
  '| query | fast read path ns/answer | with the request log line ns/answer |',
  '|---|---|---|',
]
for (const [id, q] of QUERIES) lines.push(`| ${id} | ${run('/articles' + q, false).toFixed(0)} | ${run('/articles' + q, true).toFixed(0)} |`)
process.stdout.write(lines.join('\n') + `\n(load average at the end ${loadavg()[0].toFixed(1)})\n`)
await ctx.close()
process.exit(sink > 0 ? 0 : 1)
