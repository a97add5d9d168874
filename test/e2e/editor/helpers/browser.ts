import { chromium, type Browser } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage']

/**
 * One headless Chromium per test worker, shared by the editor files the worker runs one after
 * another (vitest.config.ts: the editor files run in the e2e project, whose workers outlive a file).
 * A launch costs ~0.7 s of CPU and 1 to 2 s of wall time under load (docs/benchmarks.md, "Suite
 * speed"). Files share nothing through it: each test works in contexts of its own (own cookies,
 * storage, cache), closed when its file's editor closes. Playwright ends the browser when the
 * worker process exits.
 */
const shared = globalThis as { __cmsChromium?: Promise<Browser>; __cmsChromiumUsers?: number }

export async function workerBrowser(): Promise<Browser> {
  const current = await shared.__cmsChromium?.catch(() => undefined)
  if (!current?.isConnected()) shared.__cmsChromium = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  shared.__cmsChromiumUsers = (shared.__cmsChromiumUsers ?? 0) + 1
  return shared.__cmsChromium!
}

/** A file is done with the browser: once no editor of this worker uses it, close what a test left open. */
export async function releaseBrowser(browser: Browser): Promise<void> {
  shared.__cmsChromiumUsers = Math.max(0, (shared.__cmsChromiumUsers ?? 1) - 1)
  if (shared.__cmsChromiumUsers > 0) return
  for (const context of browser.contexts()) await context.close().catch(() => undefined)
}
