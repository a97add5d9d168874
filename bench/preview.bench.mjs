#!/usr/bin/env node
// The preview loop (docs/preview.md), on the standard workload (1k articles) served by `cms serve`:
//  1. keystroke → preview pane text: real Chromium, the editor's entry form with the preview pane
//     open on the example site (docs/examples/preview-site.mjs: draft through a preview token,
//     updated from /_events); one character typed per edit, time from its keydown (in the editor)
//     to the framed page's text changing (a MutationObserver there); p50 and p95 of BENCH_EDITS.
//  2. reads per second with 200 idle `/_events` clients connected vs none: wrk (autocannon without
//     it) on a cached list read, rounds alternating, ratio = median(with) / median(none) (target ≥ 0.9).
//
//   node bench/preview.bench.mjs      (BENCH_EDITS=20 BENCH_STREAMS=200 BENCH_ROUNDS=6 BENCH_SECONDS=3)
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { autocannonProcess, children, hasWrk, importWorkload, median, pct, wrkProcess } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const EDITS = Number(process.env.BENCH_EDITS ?? 20)
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(join(root, 'dist-ui/index.html'))) execFileSync('npm', ['run', 'build:ui'], { cwd: root, stdio: 'inherit' })

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) })
})
const cms = (args) => execFileSync(process.execPath, ['bin/cms.mjs', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

const { content, projectId } = importWorkload(join(root, 'bench/.data/preview'), 1000)
rmSync(join(content, '..', '.cms'), { recursive: true, force: true })
const port = await freePort()
const server = spawn(process.execPath, ['--no-memory-reducer', '--min-semi-space-size=16', 'bin/cms.mjs', 'serve', '--dir', content, '--port', String(port), '--host', '127.0.0.1'], {
  cwd: root, env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'ignore', 'inherit'],
})
children.add(server)
const base = `http://127.0.0.1:${port}`
const headers = { 'project-id': projectId, accept: 'application/json' }
for (let i = 0; ; i++) {
  try { if ((await fetch(`${base}/articles?limit=1`, { headers })).ok) break } catch {}
  if (i > 600) throw new Error('cms serve did not start')
  await new Promise((r) => setTimeout(r, 100))
}
const token = JSON.parse(cms(['token', 'create', '--name', `bench-${Date.now()}`, '--abilities', '*', '--dir', content, '--json'])).token
const auth = { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' }

// ---- 1. keystroke → pane ------------------------------------------------------------------
const { previewSite } = await import('../docs/examples/preview-site.mjs')
const site = previewSite(base, projectId)
await new Promise((r) => site.listen(0, '127.0.0.1', r))
const siteUrl = `http://127.0.0.1:${site.address().port}`
await fetch(`${base}/project`, { method: 'PATCH', headers: auth, body: JSON.stringify({ preview_url: `${siteUrl}/{collection}/{uuid}?token={token}` }) })
const uuid = (await (await fetch(`${base}/articles?state=draft&limit=1`, { headers: auth })).json())[0].uuid
const latencies = []
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] })
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await page.goto(JSON.parse(cms(['editor-url', '--dir', content, '--json'])).url)
  await page.waitForSelector('nav[aria-label="Main"]')
  await page.goto(`${base}/_admin/c/articles/${uuid}`)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const frame = page.frameLocator('iframe[title^="Preview of"]')
  await frame.locator('h1').waitFor()
  const title = page.getByLabel('title', { exact: true })
  await title.click()
  await title.press('End')
  await page.evaluate(() => { window.__keys = []; document.addEventListener('keydown', () => window.__keys.push(performance.timeOrigin + performance.now()), true) })
  await frame.locator('h1').evaluate((h1) => {
    window.__seen = []
    new MutationObserver(() => window.__seen.push([performance.timeOrigin + performance.now(), h1.textContent])).observe(h1, { childList: true, characterData: true, subtree: true })
  })
  let expected = await title.inputValue()
  for (let i = 0; i < EDITS; i++) {
    const ch = 'abcdefghijklmnopqrstuvwxyz'[i % 26]
    expected += ch
    await page.keyboard.press(ch)
    await frame.locator('h1').evaluate((h1, text) => new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`pane still shows ${h1.textContent}`)), 10_000)
      const check = () => (h1.textContent === text ? (clearTimeout(t), resolve()) : requestAnimationFrame(check))
      check()
    }), expected)
    const typed = (await page.evaluate(() => window.__keys)).at(-1)
    const shown = (await frame.locator('h1').evaluate((_h1, text) => window.__seen.find(([, t]) => t === text)?.[0], expected))
    latencies.push(shown - typed)
    // A person pauses between words: the next edit starts from a settled pane.
    await page.waitForTimeout(150)
  }
} finally {
  await browser.close()
  site.close()
}

// ---- 2. reads with 200 stream clients vs none ------------------------------------------
const CLIENT = process.env.BENCH_CLIENT ?? (hasWrk() ? 'wrk' : 'autocannon')
const target = `${base}/articles?limit=10&sort=views:desc`
async function load() {
  const r = CLIENT === 'wrk'
    ? await wrkProcess({ url: target, connections: 20, duration: SECONDS, headers: { 'project-id': projectId } })
    : await autocannonProcess({ url: target, connections: 20, duration: SECONDS, headers: { 'project-id': projectId } })
  if (r.non2xx || r.errors) throw new Error(`reads failed: ${r.non2xx} non-2xx, ${r.errors} errors`)
  return r.requests.average
}
function openStreams(n) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const reqs = []
  return new Promise((resolve, reject) => {
    let open = 0
    for (let i = 0; i < n; i++) {
      const req = http.get(`${base}/_events?project_id=${projectId}`, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`))
        res.resume()
        if (++open === n) resolve(() => { for (const r of reqs) r.destroy(); agent.destroy() })
      })
      req.on('error', () => {})
      reqs.push(req)
    }
  })
}
await load() // warm-up
const none = []
const withStreams = []
// The order flips every round, so a drift in the machine's load hits both sides alike.
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2) none.push(await load())
  const close = await openStreams(STREAMS)
  withStreams.push(await load())
  close()
  if (!(round % 2)) none.push(await load())
}
server.kill('SIGTERM')

const ms = (x) => `${Math.round(x)} ms`
process.stdout.write(`\nPreview: keystroke → pane text over ${latencies.length} edits (debounce 200 ms, save, /_events, site re-render): p50 ${ms(median(latencies))}, p95 ${ms(pct(latencies, 95))}, max ${ms(Math.max(...latencies))} (target p95 < 1 s)\n`)
const ratio = median(withStreams.map((w, i) => w / none[i]))
process.stdout.write(`Reads (${CLIENT}, 20 connections, ${SECONDS} s × ${ROUNDS} rounds, ${target.replace(base, '')}): none ${Math.round(median(none))}/s, with ${STREAMS} /_events clients ${Math.round(median(withStreams))}/s, ratio ${ratio.toFixed(3)} (median of per-round ratios; target ≥ 0.9)\n`)
process.stdout.write(`load average: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`)
