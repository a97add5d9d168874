#!/usr/bin/env node
// Image derivatives (docs/media.md), against `cms serve` in a process of its own:
//  1. a cached derivative's requests per second against the original file's download, same
//     asset, same run (autocannon, 10 connections; gate: ratio >= 0.8), medians of rounds taken
//     in alternating order;
//  2. the first 800-wide WebP of a 12-megapixel JPEG: time, and the server's peak RSS over its
//     idle RSS (sampled every 10 ms);
//  3. 50 concurrent first requests of one derivative: how many transforms ran (the answers'
//     x-media-cache header: one `miss`, the rest `shared`; gate: exactly one).
//
//   node bench/media.bench.mjs        (BENCH_SECONDS=4 BENCH_ROUNDS=3)
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { autocannonProcess, children, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/media')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MB = 1024 * 1024

const rssOf = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : Number.NaN
}

function spawnServer(content) {
  const child = spawn(process.execPath, [join(root, 'bin/cms.mjs'), 'serve', '--dir', content, '--port', '0'], {
    cwd: root, env: { ...process.env, CMS_SERVE_RESPAWN: '0', API_RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'pipe', 'pipe'],
  })
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

async function upload(url, headers, name, bytes) {
  const form = new FormData()
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name)
  const res = await fetch(`${url}/files`, { method: 'POST', headers, body: form })
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`)
  return res.json()
}

/** Requests per second of `url` (median of the autocannon run's per-second samples). */
async function rps(url) {
  const r = await autocannonProcess({ url, connections: 10, duration: SECONDS })
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`)
  return r.requests.average
}

async function main() {
  if (!existsSync(join(root, 'dist/cli/index.js'))) execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root })
  rmSync(data, { recursive: true, force: true })
  mkdirSync(data, { recursive: true })
  const content = join(data, 'project/content')
  execFileSync(process.execPath, [join(root, 'bin/cms.mjs'), 'init', '--dir', content], { cwd: root, stdio: 'ignore' })
  const server = spawnServer(content)
  const url = await server.url
  const info = JSON.parse(readFileSync(join(data, 'project/.cms/server.json'), 'utf8'))
  const projectId = /uuid:\s*(\S+)/.exec(readFileSync(join(content, 'project.yaml'), 'utf8'))[1].replace(/['"]/g, '')
  const headers = { 'project-id': projectId, authorization: `Bearer ${info.token}` }

  // 12 megapixels with some texture, as a phone's photo (a flat image would decode unrealistically fast).
  const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 25 } } }).jpeg({ quality: 85 }).toBuffer()
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 25 } } }).jpeg({ quality: 80 }).toBuffer()
  const bigAsset = await upload(url, headers, 'phone.jpg', big)
  const smallAsset = await upload(url, headers, 'photo.jpg', photo)

  // 2. First 800-wide WebP of the 12 MP JPEG.
  await new Promise((r) => setTimeout(r, 500))
  const idle = rssOf(server.child.pid)
  let peak = idle
  const sampler = setInterval(() => { peak = Math.max(peak, rssOf(server.child.pid)) }, 10)
  const t0 = performance.now()
  const first = await fetch(`${bigAsset.url}&w=800&format=webp`)
  await first.arrayBuffer()
  const firstMs = performance.now() - t0
  clearInterval(sampler)
  peak = Math.max(peak, rssOf(server.child.pid))
  if (first.status !== 200 || first.headers.get('x-media-cache') !== 'miss') throw new Error(`first derivative: ${first.status} ${first.headers.get('x-media-cache')}`)
  const t1 = performance.now()
  await (await fetch(`${bigAsset.url}&w=800&format=webp`)).arrayBuffer()
  const cachedMs = performance.now() - t1

  // 3. 50 concurrent first requests of one derivative.
  const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${bigAsset.url}&w=640&h=480&format=avif`).then(async (r) => { await r.arrayBuffer(); return `${r.status} ${r.headers.get('x-media-cache')}` })))
  const counts = {}
  for (const a of answers) counts[a] = (counts[a] ?? 0) + 1
  const transforms = counts['200 miss'] ?? 0

  // 1. Cached derivative against the original's download (the same 800×600 photo).
  const original = smallAsset.url
  const derivative = `${smallAsset.url}&w=800&format=webp`
  const warm = await fetch(derivative)
  const derivativeBytes = (await warm.arrayBuffer()).byteLength
  const orig = []
  const deriv = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) { orig.push(await rps(original)); deriv.push(await rps(derivative)) } else { deriv.push(await rps(derivative)); orig.push(await rps(original)) }
  }
  await server.stop()

  const ratio = median(deriv) / median(orig)
  console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}; ${SECONDS} s per run, ${ROUNDS} rounds, medians`)
  console.table([
    { measure: 'original download (800×600 JPEG)', value: `${median(orig).toFixed(0)} req/s`, bytes: photo.length },
    { measure: 'cached derivative (w=800 webp)', value: `${median(deriv).toFixed(0)} req/s`, bytes: derivativeBytes },
    { measure: 'derivative / original', value: `${ratio.toFixed(2)} (gate >= 0.8)` },
    { measure: 'first 800w webp of a 12 MP JPEG', value: `${firstMs.toFixed(0)} ms`, bytes: big.length },
    { measure: '  the same, cached', value: `${cachedMs.toFixed(1)} ms` },
    { measure: '  server peak RSS over idle', value: `${((peak - idle) / MB).toFixed(1)} MB (idle ${(idle / MB).toFixed(0)} MB)` },
    { measure: '50 concurrent first requests', value: `${transforms} transform(s) (gate: 1); ${Object.entries(counts).map(([k, v]) => `${v}× ${k}`).join(', ')}` },
  ])
  const failed = []
  if (ratio < 0.8) failed.push(`cached derivative at ${ratio.toFixed(2)} of the original's requests per second (gate 0.8)`)
  if (transforms !== 1 || answers.length !== 50 || (counts['200 shared'] ?? 0) !== 49) failed.push(`50 concurrent first requests made ${transforms} transforms`)
  if (failed.length) {
    console.error(`FAILED: ${failed.join('; ')}`)
    process.exit(1)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(2)
})
