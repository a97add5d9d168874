import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'
import { unflatten } from 'devalue'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleBody, articleTitle, retitleArticle, writeSiteContent } from '../../fixtures/frameworks/site-content.mjs'
import { countingServer, FIXTURES, freePort, linkPackage, NODE22, ROOT, run, start, type Run } from './helpers.ts'

/**
 * A real `astro build` (Astro 7, run by the Node 22 devDependency) of test/fixtures/astro-site
 * over 2,000 articles with images, read through cmsLoader's reader: no cms server runs at all,
 * and the asset origin the pages name is a server that counts requests. Built twice (the second
 * time after one entry changed) in beforeAll; the tests read the output, and `astro check` reuses
 * the build's generated types (.astro/). The pages are built in preview mode (CMS_URL names a port
 * where nothing listens during the builds): the last test serves dist/ and a cms server there.
 */
const SITE = join(FIXTURES, 'astro-site')
const N = 2000
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs')
const CHANGED = 1234
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

let tmp = ''
let origin: Awaited<ReturnType<typeof countingServer>>
let first: Run
let second: Run
let firstStore: Map<string, Map<string, { digest?: string }>>
let secondStore: Map<string, Map<string, { digest?: string }>>
let changedUuid = ''
let contentDir = ''
let projectId = ''
let cmsPort = 0

/**
 * Loaded into the build's Node (and its workers) with --import: records every TCP connection
 * it opens, so "no network request" covers any host, not only the asset origin.
 */
const SOCKET_LOG = `import net from 'node:net'
import { appendFileSync } from 'node:fs'
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (...args) {
  const o = args[0]
  const to = Array.isArray(o) ? o[0] : o
  if (to && typeof to === 'object' && 'port' in to) appendFileSync(process.env.CMS_SOCKET_LOG, JSON.stringify({ host: to.host, port: to.port }) + '\\n')
  else if (typeof to === 'number') appendFileSync(process.env.CMS_SOCKET_LOG, JSON.stringify({ port: to, host: args[1] }) + '\\n')
  return connect.apply(this, args)
}
`
let socketLog = ''
let socketHook = ''

const astro = (contentDir: string, ...args: string[]) => run(NODE22, [ASTRO, ...args], {
  cwd: SITE,
  env: {
    CMS_CONTENT_DIR: contentDir, CMS_ASSET_ORIGIN: origin.url, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production',
    CMS_URL: `http://127.0.0.1:${cmsPort}`, CMS_PROJECT_ID: projectId,
    CMS_SOCKET_LOG: socketLog, NODE_OPTIONS: `--import ${pathToFileURL(socketHook).href}`,
  },
  timeoutMs: 180_000,
})
// CI=1: were @astrojs/check not loadable, Astro would offer to npm-install it; in CI it only says so.
const astroCheck = () => run(NODE22, [ASTRO, 'check', '--noSync'], {
  cwd: SITE, env: { ASTRO_TELEMETRY_DISABLED: '1', CI: '1', FORCE_COLOR: '0' }, timeoutMs: 120_000,
})
// @astrojs/check's compiler (astro2tsx, WebAssembly) pairs with @emnapi/runtime 1.x; a 2.x hoisted beside it fails to load.
const INSTALL_HINT = 'astro check could not load @astrojs/check: the root devDependency @emnapi/runtime 1.11.3 (npm ci) pairs it with astro2tsx\'s @emnapi/core 1.11.3'
// eslint-disable-next-line no-control-regex
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '')
const dataStore = async () => unflatten(JSON.parse(await readFile(join(SITE, 'node_modules', '.astro', 'data-store.json'), 'utf8'))) as Map<string, Map<string, { digest?: string }>>
const builtPage = (slug: string) => readFile(join(SITE, 'dist', 'articles', slug, 'index.html'), 'utf8')

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'cms-astro-'))
  origin = await countingServer()
  socketLog = join(tmp, 'sockets.log')
  socketHook = join(tmp, 'socket-log.mjs')
  await writeFile(socketLog, '')
  await writeFile(socketHook, SOCKET_LOG)
  ;({ contentDir, projectId } = await writeSiteContent(tmp, N))
  cmsPort = await freePort()
  await linkPackage(SITE)
  // A clean start: no store or output of an earlier run.
  for (const dir of ['dist', '.astro', join('node_modules', '.astro')]) await rm(join(SITE, dir), { recursive: true, force: true })
  first = await astro(contentDir, 'build')
  expect(first.code, first.out.slice(-3000)).toBe(0)
  firstStore = await dataStore()
  changedUuid = await retitleArticle(contentDir, CHANGED, 'A title changed between builds')
  second = await astro(contentDir, 'build')
  expect(second.code, second.out.slice(-3000)).toBe(0)
  secondStore = await dataStore()
}, 240_000)

afterAll(async () => {
  await origin?.close()
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

describe('astro build with cmsLoader (reader, no server)', () => {
  it('builds every entry page with its text, image and author, making no network request', async () => {
    expect(first.out).toContain(`articles: ${N} changed, 0 unchanged, 0 removed`)
    expect(second.out).toMatch(new RegExp(`${N + 1} page\\(s\\) built`))
    for (const i of [0, 7, 1999]) {
      const html = await builtPage(`article-${i}`)
      expect(html).toMatch(new RegExp(`<h1 data-cms-edit="articles/[\\w-]+/title">${articleTitle(i)}</h1>`))
      expect(html).toContain(articleBody(i))
      expect(html).toMatch(/By Author \d/)
      expect(html).toContain(`<img src="${origin.url}/files/`)
    }
    const index = await readFile(join(SITE, 'dist', 'index.html'), 'utf8')
    expect(index).toContain(`<h1>${N} articles</h1>`)
    // No cms server ran; the one origin the content names was never asked, and neither build opened a TCP connection.
    expect(origin.requests).toEqual([])
    expect(await readFile(socketLog, 'utf8')).toBe('')
  })

  it('a second build after one entry changed processes only that entry', async () => {
    expect(second.out).toContain(`articles: 1 changed, ${N - 1} unchanged, 0 removed`)
    expect(second.out).toContain(`articles: changed ${changedUuid}`)
    expect(second.out).toContain('authors: 0 changed, 4 unchanged, 0 removed')
    expect(await builtPage(`article-${CHANGED}`)).toContain('>A title changed between builds</h1>')
    // Every entry in Astro's store keeps a digest; only the changed entry's moved.
    const before = firstStore.get('articles')!
    const after = secondStore.get('articles')!
    expect(after.size).toBe(N)
    const moved = [...after].filter(([id, e]) => {
      expect(typeof e.digest).toBe('string')
      return before.get(id)?.digest !== e.digest
    }).map(([id]) => id)
    expect(moved).toEqual([changedUuid])
  })

  it('the site passes astro check against the generated schema, and a misuse of a field is a type error', async () => {
    // `astro check` (TypeScript over the .ts and .astro files) with the types the build generated
    // in .astro/ (--noSync: no second content sync). Each misuse line is checked twice in one run:
    // as written (its @ts-expect-error is satisfied, or check reports it unused) and in a copy
    // without the directive, which must be that copy's one error.
    const copies = [
      { from: join(SITE, 'src', 'typed.ts'), to: join(SITE, 'src', 'typed.misuse.ts') },
      { from: join(SITE, 'src', 'pages', 'articles', '[slug].astro'), to: join(SITE, 'src', 'pages', 'articles', '_slug.misuse.astro') },
    ]
    for (const { from, to } of copies) await writeFile(to, (await readFile(from, 'utf8')).replace(/^\s*\/\/ @ts-expect-error.*\n/m, ''))
    try {
      const check = await astroCheck()
      const out = stripAnsi(check.out)
      expect(out, /requires the following dependency|bridge\.\w+ is not a function/.test(out) ? `${INSTALL_HINT}\n${out}` : out).toMatch(/Result \(\d+ files\)/)
      const errors = out.split('\n').filter((l) => /- error ts\(\d+\)/.test(l)).sort()
      expect(errors, out).toHaveLength(2)
      expect(errors[0]).toMatch(/^src\/pages\/articles\/_slug\.misuse\.astro:\d+:\d+ - error ts\(1360\): Type '\w+' does not satisfy the expected type '\{ views: string \| null; \}'/)
      expect(out).toContain("Types of property 'views' are incompatible.")
      expect(errors[1]).toMatch(/^src\/typed\.misuse\.ts:\d+:\d+ - error ts\(2339\): Property 'toUpperCase' does not exist on type 'number'/)
      expect(check.code).toBe(1)
    } finally {
      for (const { to } of copies) await rm(to, { force: true })
    }
  }, 120_000)

  it('a built page in preview mode shows the overlay and follows the change stream', async () => {
    // The built site on a static server, `cms serve` (watching the files) on the port the pages
    // name, one Chromium. A hand edit of the entry's file must reach the open page.
    const dist = join(SITE, 'dist')
    const site = createServer(async (req, res) => {
      const path = normalize(join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
      if (!path.startsWith(dist)) return res.writeHead(404).end()
      const file = await readFile(path.endsWith('/') ? join(path, 'index.html') : path).catch(() => null)
      res.writeHead(file ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(file)
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    const cms = await start(process.execPath, [join(ROOT, 'bin', 'cms.mjs'), 'serve', '--dir', contentDir, '--port', String(cmsPort), '--host', '127.0.0.1'], {
      cwd: tmp, ready: /url:\s+http:\/\/\S+/,
    })
    const cmsUrl = `http://127.0.0.1:${cmsPort}`
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
    try {
      const page = await browser.newPage()
      await page.route(`${origin.url}/**`, (route) => route.abort()) // the images: not what this test is about
      const stream = page.waitForResponse((r) => r.url().startsWith(`${cmsUrl}/_events`))
      await page.goto(`http://127.0.0.1:${(site.address() as { port: number }).port}/articles/article-7/`)
      expect((await stream).status()).toBe(200)
      const heading = page.getByRole('heading', { level: 1 })
      await heading.hover()
      await expect.poll(() => page.getByRole('button', { name: 'Edit title in the editor' }).isVisible(), { timeout: 10_000 }).toBe(true)
      await retitleArticle(contentDir, 7, 'Retitled while the page was open')
      await expect.poll(() => heading.textContent(), { timeout: 15_000 }).toBe('Retitled while the page was open')
    } finally {
      await browser.close()
      const exited = new Promise((r) => cms.child.once('exit', r))
      cms.child.kill('SIGTERM')
      await exited // before afterAll removes its content folder
      await new Promise((r) => site.close(r))
    }
  }, 60_000)
})
