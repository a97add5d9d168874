import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEditor, type Editor } from './helpers/editor.ts'

/** The demo content's collections (content/collections/*.yaml). */
const DEMO = ['articles', 'authors', 'categories', 'settings']

describe('/_docs in Chromium: the API reference renders offline', () => {
  let editor: Editor
  beforeAll(async () => {
    editor = await startEditor()
  })
  afterAll(async () => {
    await editor?.close()
  })

  it('renders the operations of every demo collection, with no request leaving the origin and no CSP violation', async () => {
    const context = await editor.browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      const requests: string[] = []
      context.on('request', (r) => requests.push(r.url()))
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()) })
      page.on('pageerror', (e) => problems.push(String(e)))
      page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`) })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`))
      })

      const response = await page.goto(`${editor.server.url}/_docs`)
      expect(response?.status()).toBe(200)
      // Redoc's sidebar lists one group per tag: one tag per collection.
      const menu = page.locator('.menu-content')
      for (const slug of DEMO) await menu.getByText(slug, { exact: true }).first().waitFor()
      // An operation of each collection is rendered in the body (summary as the heading).
      await page.locator('h2', { hasText: 'List entries (published by default)' }).first().waitFor()
      const operationIds = await page.evaluate(() => [...document.querySelectorAll('[id^="tag/"]')].map((e) => e.id))
      for (const slug of DEMO) {
        expect(operationIds.some((id) => id.startsWith(`tag/${slug}/operation/`))).toBe(true)
      }

      const origin = new URL(editor.server.url).origin
      const foreign = requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && new URL(u).origin !== origin)
      expect(foreign).toEqual([])
      expect(requests).toContain(`${origin}/openapi.json`)
      expect(requests).toContain(`${origin}/_docs/redoc.standalone.js`)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
