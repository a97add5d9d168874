#!/usr/bin/env node
// Upload memory: one 200 MB multipart upload to `cms serve` (a separate process) while its
// RSS is sampled every 25 ms, until 3 s after the answer (the watcher reacts to the new file meanwhile). Growth = peak RSS - idle RSS after a warm-up
// upload (so lazily loaded modules count as idle). Gate: growth < 50 MB. Reported as ratios
// against the upload size and the idle RSS, plus throughput against a bare node:http server
// that pipes the same request body to a file and fsyncs it, as we do (the streaming ceiling),
// measured in the same run.
//
//   node bench/assets.bench.mjs        (BENCH_UPLOAD_MB=200 BENCH_ROUNDS=3)
import { spawn, execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, readFileSync, existsSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { children, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/assets')
const MB = 1024 * 1024
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const GATE_MB = 50
/** How long RSS is still sampled after the upload answered (watcher debounce and reaction). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000)


const rssOf = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : NaN
}
const mb = (n) => (n / MB).toFixed(1)

function spawnServer(args, env = {}) {
  // CMS_SERVE_RESPAWN=0: `cms serve` answers in this child (not a respawned one), whose RSS is sampled.
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CMS_SERVE_RESPAWN: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  child.on('exit', () => children.delete(child))
  let out = ''
  child.stdout.on('data', (d) => { out += d })
  child.stderr.on('data', (d) => { out += d })
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000)
    child.stdout.on('data', () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m) { clearTimeout(timer); resolve(m[1]) }
    })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)))
  })
  return { child, url, stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.once('exit', r); child.kill('SIGTERM') }) }
}

function png() {
  const chunk = (type, body) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(body.length)
    return Buffer.concat([len, Buffer.from(type), body, Buffer.alloc(4)])
  }
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(64, 0); ihdr.writeUInt32BE(64, 4); ihdr[8] = 8
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(65 * 64)))])
}

/** Streams a multipart upload of `size` bytes (PNG header + filler) and resolves {status, ms}. */
function upload(url, headers, size) {
  const boundary = 'benchboundary7'
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const first = png()
  const filler = Buffer.alloc(256 * 1024, 7)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(`${url}/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    }, (res) => {
      let body = ''
      res.on('data', (d) => { body += d })
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, body }))
    })
    req.on('error', reject)
    req.write(head)
    req.write(first)
    let left = size - first.length
    const pump = () => {
      while (left > 0) {
        const part = left >= filler.length ? filler : filler.subarray(0, left)
        left -= part.length
        if (!req.write(part)) return req.once('drain', pump)
      }
      req.end(tail)
    }
    pump()
  })
}

/** Runs one upload while sampling the server's RSS; returns peak RSS and timing. */
async function measured(pid, url, headers, size) {
  let peak = rssOf(pid)
  const timer = setInterval(() => { peak = Math.max(peak, rssOf(pid)) }, 25)
  try {
    const r = await upload(url, headers, size)
    // Keep sampling after the answer: the watcher sees the new file and must not read it whole.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    peak = Math.max(peak, rssOf(pid))
    return { ...r, peak }
  } finally {
    clearInterval(timer)
  }
}

const BARE = `
const http = require('node:http'); const fs = require('node:fs'); const { pipeline } = require('node:stream/promises')
let n = 0
http.createServer(async (req, res) => {
  const file = process.argv[1] + '/bare-' + (n++) + '.bin'
  await pipeline(req, fs.createWriteStream(file, { flush: true }))
  fs.rmSync(file, { force: true })
  res.writeHead(201, { 'content-type': 'application/json' }).end('{}')
}).listen(0, '127.0.0.1', function () { console.log('http://127.0.0.1:' + this.address().port) })
`

async function main() {
  if (!existsSync(join(root, 'dist/cli/index.js'))) execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root })
  rmSync(data, { recursive: true, force: true })
  mkdirSync(data, { recursive: true })
  const project = join(data, 'project')
  execFileSync(process.execPath, [join(root, 'bin/cms.mjs'), 'init', '--dir', join(project, 'content')], { cwd: root, stdio: 'ignore' })
  const size = UPLOAD_MB * MB
  const env = { CMS_UPLOAD_LIMIT: String(size + MB), API_RATE_LIMIT_PER_MINUTE: '0' }

  const rows = []
  for (let round = 0; round < ROUNDS; round++) {
    // A fresh server per round, so idle RSS and peak belong to the same process life.
    const server = spawnServer([join(root, 'bin/cms.mjs'), 'serve', '--dir', join(project, 'content'), '--port', '0'], env)
    const url = await server.url
    const info = JSON.parse(readFileSync(join(project, '.cms/server.json'), 'utf8'))
    const projectId = /uuid:\s*(\S+)/.exec(readFileSync(join(project, 'content/project.yaml'), 'utf8'))[1].replace(/['"]/g, '')
    const headers = { 'project-id': projectId, authorization: `Bearer ${info.token}` }
    const warm = await upload(url, headers, MB)
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`)
    global.gc?.()
    const idle = rssOf(server.child.pid)
    const r = await measured(server.child.pid, url, headers, size)
    if (r.status !== 201) throw new Error(`upload failed: ${r.status} ${r.body}`)
    rows.push({ idle, peak: r.peak, growth: r.peak - idle, ms: r.ms })
    await server.stop()
  }

  const bareTimes = []
  const bareGrowth = []
  for (let round = 0; round < ROUNDS; round++) {
    const bare = spawnServer(['-e', BARE, data])
    const url = await bare.url
    await upload(url, {}, MB)
    const idle = rssOf(bare.child.pid)
    const r = await measured(bare.child.pid, url, {}, size)
    bareTimes.push(r.ms)
    bareGrowth.push(r.peak - idle)
    await bare.stop()
  }
  rmSync(join(project, 'content/assets'), { recursive: true, force: true })

  const growth = median(rows.map((r) => r.growth))
  const idle = median(rows.map((r) => r.idle))
  const ms = median(rows.map((r) => r.ms))
  const bareMs = median(bareTimes)
  const throughput = size / MB / (ms / 1000)
  const bareThroughput = size / MB / (bareMs / 1000)
  console.log(`upload of ${UPLOAD_MB} MB, ${ROUNDS} rounds, medians`)
  console.log('| measure | cms serve | bare node:http pipe-to-file |')
  console.log('|---|---|---|')
  console.log(`| idle RSS (MB) | ${mb(idle)} | |`)
  console.log(`| RSS growth during upload (MB) | ${mb(growth)} | ${mb(median(bareGrowth))} |`)
  console.log(`| growth / upload size | ${(growth / size).toFixed(3)} | ${(median(bareGrowth) / size).toFixed(3)} |`)
  console.log(`| growth / idle RSS | ${(growth / idle).toFixed(2)} | |`)
  console.log(`| throughput (MB/s) | ${throughput.toFixed(0)} | ${bareThroughput.toFixed(0)} |`)
  console.log(`| throughput vs bare | ${(throughput / bareThroughput).toFixed(2)} | 1.00 |`)
  console.log(`per round growth (MB): ${rows.map((r) => mb(r.growth)).join(', ')}`)
  const pass = Math.max(...rows.map((r) => r.growth)) < GATE_MB * MB
  console.log(`gate: RSS growth < ${GATE_MB} MB in every round: ${pass ? 'PASS' : 'FAIL'}`)
  rmSync(data, { recursive: true, force: true })
  if (!pass) process.exitCode = 1
}

main().catch((error) => { console.error(error); process.exit(1) })
