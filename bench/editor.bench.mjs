#!/usr/bin/env node
// The editor in a real browser (Debian's /usr/bin/chromium, headless), on the standard workload
// at 1k and 100k articles: time from navigation to the first rendered rows of the entries list
// and to a filled entry form (fresh browser context each run, so nothing is cached), the
// gzipped bytes of JavaScript the list screen loads, and the JavaScript transferred (as served:
// br or gzip) for the first screen (Home after sign-in) and added by opening an entry form.
// Medians of BENCH_RUNS runs.
//
//   node bench/editor.bench.mjs          (BENCH_SIZES=1000,100000 BENCH_RUNS=5)
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { children, importWorkload, median } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/editor')
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number).filter((n) => n > 0)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  process.stdout.write(`skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)\n`)
  process.exit(0)
}
if (!existsSync(join(root, 'dist-ui/index.html'))) execFileSync('npm', ['run', 'build:ui'], { cwd: root, stdio: 'inherit' })

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) })
  })
}

const importWorkloadOf = (n) => importWorkload(join(data, `n${n}`), n).content

/** `cms serve` on the workload; resolves once it answers. */
async function serve(content) {
  rmSync(join(content, '..', '.cms'), { recursive: true, force: true })
  const port = await freePort()
  const child = spawn(process.execPath, ['bin/cms.mjs', 'serve', '--dir', content, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: root, env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 600_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cms serve exited: ${err}`)
    // Ready when the API answers a list (the index is loaded), not only the static editor.
    try { if ((await fetch(`${base}/articles?paginate=1`, { headers: { 'project-id': projectIdOf(content), accept: 'application/json' } })).ok) break } catch {}
    if (Date.now() > until) throw new Error('cms serve did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  return { base, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

const projectIdOf = (content) => /^uuid:\s*['"]?([0-9a-f-]{36})/m.exec(readFileSync(join(content, 'project.yaml'), 'utf8'))[1]

/** A fresh sign-in link, as a person gets one: `cms editor-url --json` (retried while the server settles). */
function signInLink(content) {
  for (let attempt = 1; ; attempt++) {
    try {
      return JSON.parse(execFileSync(process.execPath, ['bin/cms.mjs', 'editor-url', '--dir', content, '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).url
    } catch (err) {
      if (attempt >= 5) throw err
    }
  }
}

// Records, in the page, when the first list row and a filled title input appear.
const OBSERVER = `
  new MutationObserver(() => {
    if (!window.__rows && document.querySelector('tbody tr td a')) window.__rows = performance.now()
    const title = document.querySelector('form input[type=text]')
    if (!window.__form && title && title.value) window.__form = performance.now()
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
`

/**
 * JavaScript transferred (bytes on the wire: compressed bodies and headers, what
 * `requestfinished` sizes give) in a fresh context: the first screen (Home after sign-in),
 * then what opening an entry form adds (its chunks, the rich-text editor among them).
 */
async function transferred(browser, content, base, formPath) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  let bytes = 0
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'script') return
    const sizes = await req.sizes()
    bytes += sizes.responseBodySize + sizes.responseHeadersSize
  })
  await page.goto(signInLink(content))
  await page.waitForSelector('nav[aria-label="Main"]')
  await page.waitForLoadState('networkidle')
  const home = bytes
  await page.goto(`${base}/_admin${formPath}`)
  await page.waitForSelector('form input[type=text]')
  await page.waitForLoadState('networkidle')
  const form = bytes - home
  await context.close()
  return { home, form }
}

async function measure(browser, content, base, path, mark, collectJs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(OBSERVER)
  const page = await context.newPage()
  await page.goto(signInLink(content))
  await page.waitForSelector('nav[aria-label="Main"]')
  const scripts = []
  if (collectJs) page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(r) })
  await page.goto(`${base}/_admin${path}`)
  await page.waitForFunction((m) => window[m] !== undefined, mark, { timeout: 60_000 })
  const ms = await page.evaluate((m) => window[m], mark)
  let jsGzip = 0
  for (const r of scripts) jsGzip += gzipSync(await r.body()).length
  await context.close()
  return { ms, jsGzip }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'] })
const rows = []
try {
  for (const n of SIZES) {
    const content = importWorkloadOf(n)
    const server = await serve(content)
    try {
      const first = await (await fetch(`${server.base}/articles?state=draft&paginate=1&page=${Math.ceil(n / 2)}`, {
        headers: { 'project-id': projectIdOf(content), accept: 'application/json' },
      })).json().catch(() => null)
      // Drafts need a token: without one, a published entry's form.
      const published = first?.data?.[0] ? null : await (await fetch(`${server.base}/articles?paginate=1`, {
        headers: { 'project-id': projectIdOf(content), accept: 'application/json' },
      })).json().catch(() => null)
      const uuid = first?.data?.[0]?.uuid ?? published?.data?.[0]?.uuid
      const list = []
      const form = []
      let jsGzip = 0
      for (let i = 0; i < RUNS; i++) {
        const l = await measure(browser, content, server.base, '/c/articles', '__rows', i === 0)
        if (i === 0) jsGzip = l.jsGzip
        list.push(l.ms)
        if (uuid) form.push((await measure(browser, content, server.base, `/c/articles/${uuid}`, '__form', false)).ms)
      }
      const wire = uuid ? await transferred(browser, content, server.base, `/c/articles/${uuid}`) : { home: NaN, form: NaN }
      rows.push({ n, list: median(list), form: form.length ? median(form) : NaN, jsGzip, wire })
    } finally {
      await server.stop()
    }
  }
} finally {
  await browser.close()
}

const fmt = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a')
process.stdout.write(`\nEditor in headless Chromium, median of ${RUNS} cold loads (navigation start → rendered):\n`)
process.stdout.write('| entries | list: first rows | entry form: filled | list screen JS (gzipped) | first screen (Home) JS transferred | entry form adds, transferred |\n|---:|---:|---:|---:|---:|---:|\n')
const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KB` : 'n/a')
for (const r of rows) process.stdout.write(`| ${r.n.toLocaleString('en-US')} | ${fmt(r.list)} | ${fmt(r.form)} | ${kb(r.jsGzip)} | ${kb(r.wire.home)} | ${kb(r.wire.form)} |\n`)
const over = rows.filter((r) => r.list > 1000 || r.form > 1000 || r.jsGzip > 250 * 1024 || r.wire.home > 150 * 1024)
if (over.length) process.stdout.write('Over target (1 s each, 250 KB gzipped, first screen 150 KB transferred): see the rows above.\n')
