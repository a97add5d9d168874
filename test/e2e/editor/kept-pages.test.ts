import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEditor, type Editor } from './helpers/editor.ts'
import { giveBackPage, pageForTest, type KeptPage } from './helpers/browser.ts'

/**
 * The editor tests' pages are kept between tests (helpers/browser.ts): what one test did must not
 * reach the next. A page given back comes back signed out, with no storage, no listeners, routes
 * or emulation of the test before, at the viewport asked for; a page that cannot be reset is not
 * kept.
 */
const VIEWPORT = { width: 1280, height: 900 }

describe('pages kept between editor tests', () => {
  let ed: Editor
  beforeAll(async () => { ed = await startEditor() })
  afterAll(async () => { await ed?.close() })

  it('come back as a new context would: signed out, no storage, listeners, routes or emulation', async () => {
    const first = await pageForTest(ed.browser, { viewport: VIEWPORT })
    const { page } = first
    await page.goto(ed.signInLink())
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.evaluate(() => { localStorage.setItem('left-behind', '1'); sessionStorage.setItem('left-behind', '1') })
    const seen: string[] = []
    page.on('request', (r) => seen.push(r.url()))
    await page.route('**/_admin/api/**', (route) => route.abort())
    await page.setViewportSize({ width: 390, height: 844 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await giveBackPage(first)

    const again = await pageForTest(ed.browser, { viewport: VIEWPORT })
    try {
      expect(again.page).toBe(page)
      expect(page.url()).toBe('about:blank')
      expect(await again.context.cookies()).toEqual([])
      seen.length = 0
      await page.goto(ed.url('/c/articles'))
      await page.getByRole('heading', { name: 'Sign in to the editor' }).waitFor()
      expect(seen.length).toBe(0)
      expect(await page.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')])).toEqual([null, null])
      expect(page.viewportSize()).toEqual(VIEWPORT)
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false)
      // The API answers again (the route that aborted it is gone): a sign-in reaches the screen.
      await page.goto(ed.signInLink())
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
    } finally {
      await giveBackPage(again)
    }
  })

  it('are closed, not kept, after what no reset undoes (an init script) or with a second page open', async () => {
    const scripted: KeptPage = await pageForTest(ed.browser, { viewport: VIEWPORT })
    await scripted.page.addInitScript(() => { (window as unknown as { planted: boolean }).planted = true })
    await giveBackPage(scripted)
    expect(scripted.page.isClosed()).toBe(true)

    const twoTabs = await pageForTest(ed.browser, { viewport: VIEWPORT })
    await twoTabs.context.newPage()
    await giveBackPage(twoTabs)
    expect(twoTabs.page.isClosed()).toBe(true)

    const next = await pageForTest(ed.browser, { viewport: VIEWPORT })
    try {
      expect(next.page).not.toBe(scripted.page)
      expect(next.page).not.toBe(twoTabs.page)
      await next.page.goto(ed.url('/'))
      expect(await next.page.evaluate(() => 'planted' in window)).toBe(false)
    } finally {
      await giveBackPage(next)
    }
  })
})
