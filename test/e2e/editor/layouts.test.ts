import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeScan, startEditor, type Editor } from './helpers/editor.ts'

/**
 * Every screen at a phone (390×844) and a desktop (1280×800) size, on the demo content: nothing
 * scrolls sideways, the main heading starts in the top half of the first viewport, no serious or
 * critical axe violation; on a phone the navigation is behind a Menu button, the form's Publish
 * stays in view at every scroll position and each list row shows its state. The README's
 * screenshots (list, form, Changes; both sizes) are taken here: into docs/screenshots/ with
 * UPDATE_SCREENSHOTS=1, else into a temp dir (and checked to be real pictures either way).
 */
const FOG = 'dae02972-209c-4700-be03-33b288b5ea1a'
const GRACE = '10ca5d69-7a88-4412-8ec2-df5712311f54'
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const
type Size = keyof typeof SIZES

/**
 * axe runs at both sizes for every screen; at desktop size only where no other file scans the
 * screen already (`desktopAxe`: screens.test.ts, changes.test.ts and secondary-*.test.ts scan the
 * rest at 1280 px), to keep the suite's time.
 */
const SCREENS: Array<{ name: string; path: string; heading: RegExp; shot?: string; desktopAxe?: true }> = [
  { name: 'home', path: '/', heading: /Demo|Harbour|cms/i },
  { name: 'list', path: '/c/articles', heading: /^Articles$/, shot: 'list' },
  { name: 'singleton', path: '/c/settings', heading: /^Settings$/ },
  { name: 'form', path: `/c/articles/${FOG}`, heading: /fog came in/, shot: 'form' },
  { name: 'new entry', path: '/c/articles/new', heading: /^New article$/, desktopAxe: true },
  { name: 'versions', path: `/c/articles/${FOG}/versions`, heading: /^Versions of/ },
  { name: 'translations', path: `/c/articles/${FOG}/translations`, heading: /Translations/ },
  { name: 'media', path: '/media', heading: /^Media library$/ },
  { name: 'webhooks', path: '/webhooks', heading: /^Webhooks$/ },
  { name: 'schema', path: '/schema', heading: /^Schema$/ },
  { name: 'changes', path: '/changes', heading: /^Changes$/, shot: 'changes' },
  { name: 'outbox', path: '/outbox', heading: /^Outbox$/ },
  { name: 'upcoming', path: '/upcoming', heading: /^Upcoming$/, desktopAxe: true },
  { name: 'releases', path: '/releases', heading: /^Releases$/, desktopAxe: true },
]

const DOCS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
let shotDir: string
let ed: Editor
let page: Page
let token: string

beforeAll(async () => {
  shotDir = process.env.UPDATE_SCREENSHOTS ? DOCS : await mkdtemp(join(tmpdir(), 'cms-layout-shots-'))
  await mkdir(shotDir, { recursive: true })
  ed = await startEditor()
  token = await ed.token(['*'])
  await ed.server.ctx.store.flush()
  // The Changes screen needs the content in git: the demo content committed, then an edit a
  // reviewer reads (a relation, a group, rich text and a number).
  const repo = dirname(ed.contentDir)
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Demo', '-c', 'user.email=demo@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' })
  git('init', '-q', '-b', 'main', '.')
  await writeFile(join(repo, '.gitignore'), '.cms/\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'demo content')
  const res = await ed.server.request(`/articles/${FOG}`, { method: 'PATCH', token, json: { data: {
    author: GRACE, reading_minutes: 5,
    body: '<p>At six the horns started, and by seven nobody could see the old lighthouse from the quay.</p>',
    seo: { meta_title: 'Fog over the harbour at dawn', meta_description: 'A quiet hour in the harbour.' },
  } } })
  expect(res.status).toBe(200)
  page = await ed.newPage()
})
afterAll(async () => { await ed?.close() })

async function open(path: string, heading: RegExp, options: { inApp?: boolean } = {}): Promise<void> {
  // In the app: the router's own navigation (a popstate), not a reload of the page (~0.4 s each).
  if (options.inApp && page.url().includes('/_admin/')) {
    await page.evaluate((url) => { window.history.pushState({}, '', url); window.dispatchEvent(new PopStateEvent('popstate')) }, ed.url(path))
  } else {
    await page.goto(ed.url(path))
  }
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 10_000 }).catch(async (err) => {
    throw new Error(`${path}: no heading ${heading}; the page shows ${JSON.stringify(await page.locator('h1').allInnerTexts())}`, { cause: err })
  })
  // Lists and panels that load after the heading.
  await page.waitForFunction(() => !document.querySelector('.loading, [aria-busy="true"]'), undefined, { timeout: 3_000 }).catch(() => undefined)
}

/** How far the page scrolls sideways (0: not at all). */
const overflowX = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Whether an element's box lies fully inside the viewport. */
const inViewport = (p: Page, selector: string) => p.evaluate((sel) => {
  const el = document.querySelector(sel)
  if (!el) return false
  const r = el.getBoundingClientRect()
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth
}, selector)

async function screenshot(name: string): Promise<void> {
  const path = join(shotDir, `${name}.png`)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.screenshot({ path, animations: 'disabled' })
  const png = await readFile(path)
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect(png.length).toBeGreaterThan(10_000)
}

describe('editor layouts at 390×844 and 1280×800', () => {
  for (const size of ['phone', 'desktop'] as Size[]) {
    it(`${size}: every screen fits the width, shows its heading high, passes axe`, async () => {
      await page.setViewportSize(SIZES[size])
      const problems: string[] = []
      for (const s of SCREENS) {
        await open(s.path, s.heading, { inApp: true })
        const over = await overflowX(page)
        if (over > 0) problems.push(`${s.name}: scrolls ${over}px sideways`)
        const top = await page.getByRole('heading', { level: 1 }).first().evaluate((h) => h.getBoundingClientRect().top)
        if (top > SIZES[size].height / 2) problems.push(`${s.name}: heading at y=${Math.round(top)}`)
        const menu = page.getByRole('button', { name: 'Menu' })
        if (size === 'phone' && !(await menu.isVisible())) problems.push(`${s.name}: no Menu button`)
        if (size === 'phone' && await page.getByRole('navigation', { name: 'Main' }).isVisible()) problems.push(`${s.name}: navigation open`)
        if (size === 'desktop' && await menu.isVisible()) problems.push(`${s.name}: Menu button on a desktop`)
        if (size === 'phone') {
          const bar = await page.locator('.topbar').evaluate((e) => e.getBoundingClientRect().height)
          if (bar > 64) problems.push(`${s.name}: top bar ${bar}px high`)
        }
        const axe = size === 'desktop' && !s.desktopAxe ? [] : await axeScan(page)
        if (axe.length) problems.push(`${s.name}: axe ${JSON.stringify(axe)}`)
        if (s.shot) await screenshot(`${s.shot}-${size}`)
      }
      // The sign-in page, signed out.
      const out = await ed.newPage({ signIn: false, context: await ed.browser.newContext({ viewport: SIZES[size] }) })
      await out.goto(ed.url('/signin'))
      await out.getByRole('heading', { level: 1, name: 'Sign in to the editor' }).waitFor()
      if (await overflowX(out) > 0) problems.push('sign-in: scrolls sideways')
      const axe = size === 'desktop' ? [] : await axeScan(out)
      if (axe.length) problems.push(`sign-in: axe ${JSON.stringify(axe)}`)
      await out.context().close()
      expect(problems).toEqual([])
    })
  }

  it('phone: the Menu button opens the navigation, a link closes it, Escape too', async () => {
    await page.setViewportSize(SIZES.phone)
    await open('/', /./)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await page.getByRole('button', { name: 'Menu' }).click()
    await nav.waitFor()
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true')
    await nav.getByRole('link', { name: 'Authors' }).click()
    await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor()
    await nav.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Menu' }).click()
    await nav.waitFor()
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })
  })

  it('phone and tablet: each list row shows its state without scrolling, even inside the table', async () => {
    for (const viewport of [SIZES.phone, { width: 820, height: 1180 }]) {
      await page.setViewportSize(viewport)
      await open('/c/articles', /^Articles$/)
      const rows = page.locator('tbody tr')
      await rows.first().waitFor()
      const states = await page.locator('tbody tr .cell-state .badge').evaluateAll((els) => els.map((e) => {
        const r = e.getBoundingClientRect()
        const wrap = e.closest('.table-wrap')!.getBoundingClientRect()
        return { right: r.right, width: r.width, wrapRight: wrap.right }
      }))
      expect(states.length).toBe(await rows.count())
      for (const s of states) {
        expect(s.width).toBeGreaterThan(0)
        expect(s.right).toBeLessThanOrEqual(Math.min(viewport.width, s.wrapRight))
      }
    }
  })

  for (const size of ['phone', 'desktop'] as Size[]) {
    it(`${size}: Publish and Save draft stay in the viewport at every scroll position of the form`, async () => {
      await page.setViewportSize(SIZES[size])
      await open(`/c/articles/${FOG}`, /fog came in/)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      for (const y of [0, height / 3, height / 2, height]) {
        await page.evaluate((to) => window.scrollTo(0, to), y)
        expect(await inViewport(page, '[data-action="publish"]'), `Publish at scroll ${y}`).toBe(true)
        expect(await inViewport(page, '[data-action="save"]'), `Save draft at scroll ${y}`).toBe(true)
      }
    })
  }
})
