import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage']

/**
 * One headless Chromium per test worker, shared by the editor files the worker runs one after
 * another (vitest.config.ts: the editor files run in the e2e project, whose workers outlive a file).
 * A launch costs ~0.7 s of CPU and 1 to 2 s of wall time under load (docs/benchmarks.md, "Suite
 * speed"). Files share nothing through it but the pages of pageForTest below; contexts a test
 * makes itself are closed when its file's editor closes. Playwright ends the browser when the
 * worker process exits.
 */
const shared = globalThis as { __cmsChromium?: Promise<Browser>; __cmsChromiumUsers?: number; __cmsIdlePages?: Map<string, KeptPage[]> }

export async function workerBrowser(): Promise<Browser> {
  const current = await shared.__cmsChromium?.catch(() => undefined)
  if (!current?.isConnected()) {
    shared.__cmsChromium = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    shared.__cmsIdlePages = new Map()
  }
  shared.__cmsChromiumUsers = (shared.__cmsChromiumUsers ?? 0) + 1
  return shared.__cmsChromium!
}

/** A file is done with the browser: once no editor of this worker uses it, close what a test left open (idle pages stay for the next file). */
export async function releaseBrowser(browser: Browser): Promise<void> {
  shared.__cmsChromiumUsers = Math.max(0, (shared.__cmsChromiumUsers ?? 1) - 1)
  if (shared.__cmsChromiumUsers > 0) return
  const idle = new Set([...idlePages().values()].flat().map((kept) => kept.context))
  for (const context of browser.contexts()) if (!idle.has(context)) await context.close().catch(() => undefined)
}

export interface PageOptions {
  viewport: { width: number; height: number }
  /** axe-core is injected as an inline script, which the editor's CSP (rightly) refuses. */
  bypassCSP?: boolean
}

/** A page handed out by pageForTest, and what giving it back must undo. */
export interface KeptPage {
  context: BrowserContext
  page: Page
  key: string
  viewport: PageOptions['viewport']
  /** Every origin a frame of the page showed: their cookies and storage are cleared when it comes back. */
  origins: Set<string>
  /** The test did something that cannot be undone (an init script, a binding, a fake clock): closed, not kept. */
  spoiled: boolean
  /** Playwright's own listeners on the page and the context (its close waits on one): a test's are removed, these stay. */
  ownListeners: [Listeners, Listeners]
  /** Handed out and not given back yet. */
  lent: boolean
}

/** Playwright's pages and contexts are event emitters beyond what its types say. */
interface Emitter {
  eventNames(): Array<string | symbol>
  rawListeners(name: string | symbol): unknown[]
  removeListener(name: string | symbol, listener: unknown): unknown
}
type Listeners = Map<string | symbol, unknown[]>

const emitter = (target: Page | BrowserContext): Emitter => target as unknown as Emitter
const listenersOf = (target: Page | BrowserContext): Listeners => new Map(emitter(target).eventNames().map((name) => [name, emitter(target).rawListeners(name)]))

/** Removes the listeners a test added (a dialog handler, a request log), not Playwright's own. */
function removeAddedListeners(target: Page | BrowserContext, own: Listeners): void {
  const events = emitter(target)
  for (const name of events.eventNames()) {
    for (const listener of events.rawListeners(name)) if (!own.get(name)?.includes(listener)) events.removeListener(name, listener)
  }
}

const idlePages = (): Map<string, KeptPage[]> => (shared.__cmsIdlePages ??= new Map())

/**
 * A signed-out page, alone in a context of its own, for one test: a page an earlier test gave back
 * (giveBackPage) when there is one, else a new context's. A new context costs ~0.8 core-s more
 * than a kept one (a renderer to start and the editor's scripts to fetch and compile again:
 * docs/benchmarks.md, "Suite speed: pages kept between tests"), and the editor tests ask for ~35.
 * A kept page comes back as a new context's would: no cookies, no storage of any origin it
 * showed, no listeners, routes, dialog handlers or emulation a test added, the viewport asked
 * for, on about:blank. It keeps its HTTP cache, as a returning visitor's browser does: a test
 * about a first visit (what the first screen transfers) makes a context of its own.
 */
export async function pageForTest(browser: Browser, options: PageOptions): Promise<KeptPage> {
  const key = JSON.stringify(options)
  let kept = idlePages().get(key)?.pop()
  if (!kept) {
    const context = await browser.newContext(options)
    const page = await context.newPage()
    kept = { context, page, key, viewport: options.viewport, origins: new Set(), spoiled: false, ownListeners: [listenersOf(page), listenersOf(context)], lent: false }
    guard(kept)
  }
  kept.lent = true
  kept.page.on('framenavigated', (frame) => {
    const origin = originOf(frame.url())
    if (origin) kept.origins.add(origin)
  })
  return kept
}

/**
 * After its test, or when the editor it showed closes (before its server stops: a page still on
 * it holds its change stream open, which the server's close waits for): kept for the next test
 * when it can be reset, closed otherwise. A page given back already is left alone.
 */
export async function giveBackPage(kept: KeptPage): Promise<void> {
  if (!kept.lent) return
  kept.lent = false
  const { context } = kept
  try {
    await withinMs(RESET_MS, reset(kept))
    const idle = idlePages()
    idle.set(kept.key, [...(idle.get(kept.key) ?? []), kept])
  } catch (error) {
    if ((error as Error).message === TIMED_OUT) process.stderr.write(`[test] a kept page took over ${RESET_MS} ms to reset; closing its context\n`)
    await withinMs(RESET_MS, context.close()).catch(() => undefined)
  }
}

/** A reset takes ~50 ms; one that hangs (a browser in trouble) must not hold a test for its hook timeout. */
const RESET_MS = 10_000
const TIMED_OUT = 'timed out'

function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(TIMED_OUT)), ms) })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function reset(kept: KeptPage): Promise<void> {
  const { context, page } = kept
  // Another page in the context (a popup, a second tab), or a frame of another site: closed, not cleaned.
  if (kept.spoiled || page.isClosed() || context.pages().length !== 1 || kept.origins.size > 1) throw new Error('not reusable')
  removeAddedListeners(page, kept.ownListeners[0])
  removeAddedListeners(context, kept.ownListeners[1])
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  // A form with unsaved changes asks before it is left (beforeunload).
  page.on('dialog', (d) => { void d.accept().catch(() => undefined) })
  await page.goto('about:blank')
  removeAddedListeners(page, kept.ownListeners[0])
  const cdp = await context.newCDPSession(page)
  for (const origin of kept.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  await cdp.detach()
  await context.clearCookies()
  await context.clearPermissions()
  await context.setExtraHTTPHeaders({})
  await context.setOffline(false)
  await page.setViewportSize(kept.viewport)
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null })
  kept.origins.clear()
}

/** Marks a page spoiled on a call whose effect no reset undoes. */
function guard(kept: KeptPage): void {
  const { page, context } = kept
  const spoil = <T extends object>(target: T, methods: string[]) => {
    for (const name of methods) {
      const original = (target as Record<string, unknown>)[name]
      if (typeof original !== 'function') continue
      Object.defineProperty(target, name, {
        configurable: true,
        value: (...args: unknown[]) => {
          kept.spoiled = true
          return (original as (...a: unknown[]) => unknown).apply(target, args)
        },
      })
    }
  }
  const lasting = ['addInitScript', 'exposeBinding', 'exposeFunction', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'routeFromHAR', 'routeWebSocket']
  spoil(page, lasting)
  spoil(context, [...lasting, 'setGeolocation', 'setHTTPCredentials'])
  spoil(context.clock, ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'])
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
