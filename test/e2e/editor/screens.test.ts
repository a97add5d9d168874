import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeScan, startEditor, type Editor } from './helpers/editor.ts'

/** The demo content's article with every kind of field filled. */
const FOG = 'dae02972-209c-4700-be03-33b288b5ea1a'

// The README's screenshots: written into docs/ with UPDATE_SCREENSHOTS=1, else into a temp dir.
const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url))
let shotDir: string

let ed: Editor
let page: Page

beforeAll(async () => {
  shotDir = process.env.UPDATE_SCREENSHOTS ? DOCS : await mkdtemp(join(tmpdir(), 'cms-shots-'))
  ed = await startEditor()
  page = await ed.newPage()
})
afterAll(async () => { await ed?.close() })

async function screenshot(name: string): Promise<void> {
  const path = join(shotDir, name)
  // Relative times ("2 hours ago") and the caret must not make the picture change by itself.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.screenshot({ path, animations: 'disabled' })
  const png = await readFile(path)
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect(png.length).toBeGreaterThan(20_000)
}

describe('every screen of the editor', () => {
  it('sign-in page (signed out) has no serious or critical axe violation', async () => {
    const out = await ed.newPage({ signIn: false })
    await out.goto(ed.url('/c/articles'))
    await out.getByRole('heading', { name: 'Sign in to the editor' }).waitFor()
    expect(new URL(out.url()).pathname).toBe('/_admin/signin')
    expect(await axeScan(out)).toEqual([])
  })

  it('signs in by pasting an API token and lands where the person was going', async () => {
    const out = await ed.newPage({ signIn: false })
    await out.goto(ed.url('/c/authors'))
    await out.getByLabel('API token', { exact: true }).fill('cms_not_a_real_token')
    await out.getByRole('button', { name: 'Sign in' }).click()
    await out.getByText('This token is not valid').waitFor()
    await out.getByLabel('API token', { exact: true }).fill(await ed.token(['read']))
    await out.getByRole('button', { name: 'Sign in' }).click()
    await out.getByRole('heading', { name: 'Authors', level: 1 }).waitFor()
    expect(new URL(out.url()).pathname).toBe('/_admin/c/authors')
    // A read-only session is not offered what it cannot do.
    expect(await out.getByRole('link', { name: /^New / }).count()).toBe(0)
    expect(await out.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schema' }).count()).toBe(0)
  })

  it('home: collections with counts by state and locale', async () => {
    await page.goto(ed.url('/'))
    const articles = page.getByRole('link', { name: /Articles/ }).filter({ hasText: 'entries' })
    await articles.waitFor()
    const text = await articles.innerText()
    expect(text).toMatch(/4\s+entries/)
    expect(text).toMatch(/3\s+published/)
    expect(text).toMatch(/en\s*3/)
    expect(await axeScan(page)).toEqual([])
  })

  it('entries list: columns, state badges, search, filter, sort, pages; screenshot', async () => {
    await page.goto(ed.url('/c/articles'))
    const table = page.getByRole('table')
    await table.getByRole('link', { name: 'The morning the fog came in' }).waitFor()
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Title/), 'State']))
    const draftRow = table.getByRole('row', { name: /Winter repairs/ })
    expect(await draftRow.innerText()).toMatch(/Draft/)
    expect(await table.getByRole('row', { name: /Six ways/ }).innerText()).toMatch(/Published/)
    expect(await axeScan(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 600 })
    await screenshot('editor-list.png')
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByLabel('Search', { exact: true }).fill('mackerel')
    await page.waitForURL(/q=mackerel/)
    await table.getByRole('link', { name: 'Six ways to cook mackerel' }).waitFor()
    await table.getByRole('link', { name: 'The morning the fog came in' }).waitFor({ state: 'detached' })
    await page.getByLabel('Search', { exact: true }).fill('')
    await page.getByLabel('Locale', { exact: true }).selectOption('de')
    await table.getByRole('link', { name: /Der Morgen/ }).waitFor()
    await table.getByRole('link', { name: 'Six ways to cook mackerel' }).waitFor({ state: 'detached' })
    await page.getByLabel('Locale', { exact: true }).selectOption('')
    await page.getByLabel('Featured', { exact: true }).selectOption('true')
    await page.waitForURL(/f\.featured=true/)
    await table.getByRole('link', { name: 'Winter repairs on the old ferry' }).waitFor({ state: 'detached' })
    await page.getByLabel('Featured', { exact: true }).selectOption('')
    await page.getByRole('button', { name: /^Title/ }).click()
    await page.waitForURL(/sort=title%3Aasc|sort=title:asc/)
    await page.waitForFunction(() => document.querySelector('tbody tr td a')?.textContent === 'Der Morgen, an dem der Nebel kam')
    // Server-side pages: a page size the URL carries, one page fetched.
    await page.goto(ed.url('/c/articles?per=25&page=2'))
    await page.getByText('No entries match these filters.').or(page.getByText(/Showing/)).first().waitFor()
  })

  it('entry form from the demo content; screenshot', async () => {
    await page.goto(ed.url(`/c/articles/${FOG}`))
    await page.getByRole('heading', { name: 'The morning the fog came in', level: 1 }).waitFor()
    await page.getByTestId('entry-state').filter({ hasText: /Published v1|Changed since v1/ }).waitFor()
    await page.getByRole('textbox', { name: 'Body', exact: true }).waitFor()
    expect(await axeScan(page)).toEqual([])
    await screenshot('editor-form.png')
  })

  it('singleton collection list has no serious or critical axe violation', async () => {
    await page.goto(ed.url('/c/settings'))
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await page.getByRole('table').getByText('en', { exact: true }).waitFor()
    expect(await axeScan(page)).toEqual([])
  })

  it('home lists a hand-broken file with its path, line and reason', async () => {
    await writeFile(join(ed.contentDir, 'entries', 'articles', `${FOG}.json`), '{\n  "uuid": "broken",\n  "fields": {,\n}\n')
    // The page reads the problems once the server's watcher has seen the file (a slow machine may take a while).
    await expect.poll(() => [...ed.server.ctx.store.problems.keys()].some((f) => f.endsWith(`${FOG}.json`)), { timeout: 15_000 }).toBe(true)
    await page.goto(ed.url('/'))
    await page.getByText(`entries/articles/${FOG}.json`, { exact: false }).waitFor()
    const problems = await page.getByRole('region', { name: 'Problems' }).innerText()
    expect(problems).toMatch(new RegExp(`${FOG}\\.json:\\d+`))
    expect(await axeScan(page)).toEqual([])
  })
})
