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

async function serverCounts(): Promise<Record<string, { present: number; total: number }>> {
  const res = await fetch(`${editor.server.url}/_translations?state=draft&summary=true`, { headers: { 'project-id': editor.server.ctx.store.project.uuid, authorization: `Bearer ${await editor.token(['read'])}` } })
  const body = (await res.json()) as { locales: Record<string, { present: number; total: number }> }
  if (!body.locales) throw new Error(`GET /_translations answered ${res.status} ${JSON.stringify(body)}`)
  return body.locales
}

/** The list row of the entry titled `title` (its first cell's link). */
const row = (title: string) => page.locator('tbody tr').filter({ has: page.getByRole('link', { name: title, exact: true }) })

describe('editor: search and translations', () => {
  test('Home shows how complete each language is, as the server counts it', async () => {
    await page.goto(editor.url('/'))
    const section = page.getByTestId('completeness')
    const counts = await serverCounts()
    expect(counts, JSON.stringify(counts)).toHaveProperty('de')
    expect(counts.de!.present).toBeLessThan(counts.de!.total)
    await expect.poll(() => section.locator('li[data-locale="de"]').textContent(), { timeout: 10000 })
      .toContain(`German: ${counts.de!.present} of ${counts.de!.total} translated`)
    expect(await section.locator('li[data-locale="en"]').textContent()).toContain(`English: ${counts.en!.present} of ${counts.en!.total} translated`)
    await shot('home-translations')
  })

  test('the list search ranks by relevance and highlights the words; each row says which language it is not yet in', async () => {
    await page.goto(editor.url('/c/articles'))
    await page.getByRole('searchbox', { name: 'Search' }).fill('mackerel')
    const first = page.locator('tbody tr').first()
    await expect.poll(() => first.locator('mark').first().textContent(), { timeout: 10000 }).toMatch(/mackerel/i)
    await expect.poll(() => first.getByTestId('missing-in').textContent()).toBe('Not yet in German')
    await page.getByRole('searchbox', { name: 'Search' }).fill('')
    await expect.poll(() => row('The morning the fog came in').count(), { timeout: 10000 }).toBe(1)
    // Every row of the page, answered by one request: the entries missing German say so, both
    // members of the English–German group (source and translation) say nothing.
    await expect.poll(() => row('Six ways to cook mackerel').getByTestId('missing-in').textContent(), { timeout: 10000 }).toBe('Not yet in German')
    expect(await row('Winter repairs on the old ferry').getByTestId('missing-in').textContent()).toBe('Not yet in German')
    expect(await row('The morning the fog came in').getByTestId('missing-in').count()).toBe(0)
    expect(await row('Der Morgen, an dem der Nebel kam').getByTestId('missing-in').count()).toBe(0)
    await shot('list-missing')
  })

  test('Ctrl-K opens an entry; its form says it is not yet in German and creates the translation from there', async () => {
    await page.goto(editor.url('/'))
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    await page.keyboard.press('Control+k')
    const box = page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox')
    await box.fill('mackerel')
    await expect.poll(() => page.getByRole('option').first().textContent(), { timeout: 10000 }).toMatch(/mackerel/i)
    await shot('global-search')
    await box.press('Enter')
    await page.waitForURL(/\/c\/articles\/[0-9a-f-]{36}/)
    const note = page.getByTestId('translation-note')
    await expect.poll(() => note.textContent(), { timeout: 10000 }).toContain('This entry is not yet in German.')
    await shot('form-missing')

    // The Translations screen's own way: its create dialog, opened by the note's link.
    await note.getByRole('link', { name: 'Create the German translation' }).click()
    const dialog = page.getByRole('dialog', { name: /Create the German/ })
    await dialog.waitFor()
    await shot('translations-create')
    const checked = page.waitForResponse((r) => r.url().includes('/_translations?') && r.url().includes('entries='))
    await dialog.getByRole('button', { name: 'Create translation' }).click()
    await page.waitForURL(/\/c\/articles\/[0-9a-f-]{36}$/)
    const created = page.url().split('/').pop()!
    // The new German entry's group now has both languages: the server says so, the form shows no note.
    expect(((await (await checked).json()) as { entries: Record<string, string[]> }).entries[created]).toEqual([])
    await page.locator('.screen-header h1').waitFor()
    expect(await note.count()).toBe(0)

    await page.goto(editor.url('/c/articles'))
    await expect.poll(() => row('The morning the fog came in').count(), { timeout: 10000 }).toBe(1)
    await expect.poll(() => row('Six ways to cook mackerel').getByTestId('missing-in').count(), { timeout: 10000 }).toBe(0)
  })

  test('Ctrl-K jumps to a screen', async () => {
    await page.keyboard.press('Control+k')
    await page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox').fill('medi')
    await expect.poll(() => page.getByRole('dialog', { name: 'Go to' }).getByRole('option').first().textContent()).toMatch(/Media/)
    await page.getByRole('dialog', { name: 'Go to' }).getByRole('combobox').press('Enter')
    await page.waitForURL(/\/_admin\/media/)
  })
})
