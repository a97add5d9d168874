import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdirSync } from 'node:fs'
import { startEditor, type Editor } from './helpers/editor.ts'
import type { Page } from 'playwright-core'

/**
 * The editor's search and translations (docs/search.md): the list's search box ranks and
 * highlights, Ctrl-K jumps to an entry, Home counts each language's translations, lists and
 * forms say what is missing. One server and one browser for the file. Screenshots go to
 * CMS_SHOTS when set (for looking at them, never committed).
 */
let editor: Editor
let page: Page
const shots = process.env.CMS_SHOTS
const shot = async (name: string) => {
  if (!shots) return
  mkdirSync(shots, { recursive: true })
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: `${shots}/${name}-${w}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

beforeAll(async () => {
  editor = await startEditor()
  page = await editor.newPage()
}, 60000)
afterAll(async () => { await editor?.close() })

describe('editor: search and translations', () => {
  test('Home shows how complete each language is', async () => {
    await page.goto(editor.url('/'))
    const section = page.getByRole('region', { name: 'Translations' }).or(page.locator('section[aria-labelledby="h-translations"]'))
    await expect.poll(() => section.textContent(), { timeout: 10000 }).toMatch(/de\s*\d+ of \d+ translated/)
    await shot('home-translations')
  })

  test('the list search ranks by relevance and highlights the words; a row missing its German version says so', async () => {
    await page.goto(editor.url('/c/articles'))
    await page.getByRole('searchbox', { name: 'Search' }).fill('mackerel')
    const first = page.locator('tbody tr').first()
    await expect.poll(() => first.locator('mark').first().textContent(), { timeout: 10000 }).toMatch(/mackerel/i)
    await expect.poll(() => first.textContent()).toMatch(/Missing in de/)
    await shot('list-search')
  })

  test('Ctrl-K finds an entry by a word of its text and opens it; the form says what is missing', async () => {
    await page.goto(editor.url('/'))
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.keyboard.press('Control+k')
    const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox')
    await box.fill('mackerel')
    await expect.poll(() => page.getByRole('option').first().textContent(), { timeout: 10000 }).toMatch(/mackerel/i)
    await shot('global-search')
    await box.press('Enter')
    await page.waitForURL(/\/c\/articles\/[0-9a-f-]{36}/)
    await expect.poll(() => page.locator('.screen-header').textContent(), { timeout: 10000 }).toMatch(/Missing in de/)
    await shot('form-missing')
    await page.keyboard.press('Control+k')
    await page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox').fill('medi')
    await expect.poll(() => page.getByRole('option').first().textContent()).toMatch(/Media/)
    await page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox').press('Enter')
    await page.waitForURL(/\/_admin\/media/)
  })
})
