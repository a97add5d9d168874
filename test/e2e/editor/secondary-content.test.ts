import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { axeScan } from './helpers/editor.ts'
import { magazineTemplate, poll, screenshot, startSecondaryEditor, type SecondaryEditor } from './secondary-setup.ts'

/** Versions and translations screens, in Chromium against a real server over real files. */
describe('editor: versions and translations', () => {
  let ed: SecondaryEditor
  let token: string
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await ed.server.request(path, { method, token, json })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
  const writer = () => [...ed.server.ctx.store.collection('writers')!.entries.values()][0]!.uuid

  beforeAll(async () => {
    ed = await startSecondaryEditor(magazineTemplate())
    token = (await createToken(ed.server.ctx.store, { name: 'test', abilities: ['*'] })).token
  })
  afterAll(async () => { await ed?.close() })

  async function articleWithHistory(): Promise<string> {
    const created = await api('POST', '/articles', { data: { title: 'The first title', summary: 'A calm morning by the sea.', writer: writer() }, state: 'published' })
    expect(created.status).toBe(201)
    const uuid = created.body.data.uuid as string
    expect((await api('PATCH', `/articles/${uuid}`, { data: { title: 'The second title', rating: 4 } })).status).toBe(200)
    expect((await api('POST', `/articles/${uuid}/publish`)).status).toBe(200)
    expect((await api('PATCH', `/articles/${uuid}`, { data: { summary: 'A stormy morning by the sea.' } })).status).toBe(200)
    return uuid
  }

  it('diffs a version against the draft field by field, labels it, and reverts to it', async () => {
    const uuid = await articleWithHistory()
    const page = await ed.newPage()
    // No live events on this page, so a change made elsewhere stays unseen until the revert meets it.
    await page.route('**/_admin/api/events*', (route) => route.abort())
    await page.goto(ed.url(`/c/articles/${uuid}/versions`))
    const list = page.getByRole('list', { name: 'Versions' })
    await poll(() => list.getByRole('button').allInnerTexts()).toEqual([expect.stringMatching(/^v2\s*Published/), expect.stringMatching(/^v1/)])

    await list.getByRole('button', { name: /^v1/ }).click()
    await page.getByRole('heading', { name: /^Version 1/ }).waitFor()
    expect(page.url()).toContain('v=1')
    const title = page.locator('tr[data-field="title"]')
    await poll(() => title.locator('del').allInnerTexts()).toEqual(['first'])
    expect(await title.locator('ins').allInnerTexts()).toEqual(['second'])
    const summary = page.locator('tr[data-field="summary"]')
    expect(await summary.locator('del').allInnerTexts()).toEqual(['calm'])
    expect(await summary.locator('ins').allInnerTexts()).toEqual(['stormy'])
    // A number that appeared, shown as a value, not as JSON; the relation by its title, unchanged, hidden.
    expect(await page.locator('tr[data-field="rating"] td').nth(1).innerText()).toBe('4')
    expect(await page.locator('tr[data-field="writer"]').count()).toBe(0)
    await page.getByLabel('Show unchanged fields').check()
    expect(await page.locator('tr[data-field="writer"] td').first().innerText()).toBe('Mary Shelley')
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'versions')

    // View one version on its own.
    await page.getByLabel('Compare with').selectOption('none')
    await poll(() => page.locator('tr[data-field="title"] td').allInnerTexts()).toEqual(['The first title'])
    expect(page.url()).toContain('compare=none')
    await page.getByLabel('Compare with').selectOption('draft')

    await page.getByRole('button', { name: 'Add label' }).click()
    const labelDialog = page.getByRole('dialog', { name: 'Label version 1' })
    await labelDialog.getByLabel('Label').fill('Launch')
    await labelDialog.getByRole('button', { name: 'Save label' }).click()
    await list.getByRole('button', { name: /^v1\s*Launch/ }).waitFor()
    expect((await api('GET', `/articles/${uuid}/versions/1`)).body.label).toBe('Launch')

    // Someone else changes the draft: the revert (sent with If-Match) is refused and changes nothing.
    expect((await api('PATCH', `/articles/${uuid}`, { data: { rating: 9 } })).status).toBe(200)
    await page.getByRole('button', { name: 'Revert to this version' }).click()
    await page.getByRole('dialog', { name: 'Revert to version 1?' }).getByRole('button', { name: 'Revert and publish' }).click()
    await page.getByText('The entry was changed elsewhere since this page loaded.', { exact: false }).waitFor()
    expect((await api('GET', `/articles/${uuid}/versions`)).body).toHaveLength(2)
    expect((await api('GET', `/articles/${uuid}?state=draft`)).body.data.fields.rating).toBe(9)
    await poll(() => page.locator('tr[data-field="rating"] td').nth(1).innerText()).toBe('9')

    await page.getByRole('button', { name: 'Revert to this version' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revert to version 1?' })
    expect(await confirm.innerText()).toContain('published at once as version 3')
    expect(await axeScan(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Revert and publish' }).click()
    await page.getByRole('heading', { name: /^Version 3/ }).waitFor()
    const published = await api('GET', `/articles/${uuid}`)
    expect(published.body.data.fields.title).toBe('The first title')
    expect(published.body.data.fields.summary).toBe('A calm morning by the sea.')
    const versions = await api('GET', `/articles/${uuid}/versions`)
    expect(versions.body[0]).toMatchObject({ version_number: 3, is_current_published: true, label: 'Revert to v1 (Launch)' })
    // After the revert the draft equals v3: the diff against the draft is empty.
    await page.getByText('No field differs.').waitFor()
  })

  it('creates a translation prefilled from the source, shows two locales side by side, and links an existing entry', async () => {
    const created = await api('POST', '/articles', { data: { title: 'Hello world', summary: 'Short and sweet.', rating: 5, writer: writer(), seo: { meta_title: 'Hello' } } })
    const uuid = created.body.data.uuid as string
    const page = await ed.newPage(`/c/articles/${uuid}/translations`)
    await page.getByRole('heading', { name: 'Translations of “Hello world”' }).waitFor()
    await page.locator('tr[data-locale="fr"]').getByText('No translation yet').waitFor()
    expect(await axeScan(page)).toEqual([])

    await page.getByRole('button', { name: 'Create fr translation' }).click()
    const dialog = page.getByRole('dialog', { name: /Create the .*\(fr\) translation\?/ })
    await dialog.getByRole('button', { name: 'Create translation' }).click()
    await page.waitForURL((u) => /\/c\/articles\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.includes(uuid))
    const fr = await api('GET', `/articles/${uuid}?state=draft&translation_locale=fr`)
    expect(fr.status).toBe(200)
    expect(fr.body.data.locale).toBe('fr')
    expect(fr.body.data.fields).toMatchObject({ title: 'Hello world', summary: 'Short and sweet.', rating: 5, seo: { meta_title: 'Hello' } })
    expect(fr.body.data.fields.writer.uuid).toBe(writer())
    expect(page.url()).toContain(fr.body.data.uuid)

    // Translate one field through the API, then read both locales side by side.
    await api('PATCH', `/articles/${fr.body.data.uuid}`, { data: { title: 'Bonjour le monde' } })
    await page.goto(ed.url(`/c/articles/${uuid}/translations`))
    await page.locator('tr[data-locale="fr"]').getByRole('link', { name: 'Bonjour le monde' }).waitFor()
    const row = page.locator('.side-by-side tr[data-field="title"] td')
    await poll(() => row.allInnerTexts()).toEqual(['Hello world', 'Bonjour le monde'])

    // Link an entry that already exists in German, found through the searchable picker.
    const de = await api('POST', '/articles', { data: { title: 'Hallo Welt' }, locale: 'de' })
    await api('POST', '/articles', { data: { title: 'Ganz anders' }, locale: 'de' })
    await page.getByRole('button', { name: 'Link existing de entry' }).click()
    const picker = page.getByRole('dialog', { name: /Link an existing .*\(de\) entry/ })
    await picker.getByLabel('Search Articles in de').fill('hallo')
    const results = picker.getByRole('list', { name: 'Matching entries' }).getByRole('button')
    await poll(() => results.allInnerTexts()).toEqual([expect.stringContaining('Hallo Welt')])
    expect(await axeScan(page)).toEqual([])
    await results.first().click()
    await page.locator('tr[data-locale="de"]').getByRole('link', { name: 'Hallo Welt' }).waitFor()
    const linked = await api('GET', `/articles/${uuid}?state=draft&translation_locale=de`)
    expect(linked.body.data.uuid).toBe(de.body.data.uuid)
    await screenshot(page, 'translations')

    // Switch locale: the French entry's own translations page.
    await page.getByRole('link', { name: /Switch to .*\(fr\)/ }).click()
    await page.getByRole('heading', { name: 'Translations of “Bonjour le monde”' }).waitFor()
  })

  it('hides what a read-only session cannot do', async () => {
    const uuid = await articleWithHistory()
    const readOnly = (await createToken(ed.server.ctx.store, { name: 'reader', abilities: ['read'] })).token
    const context = await ed.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await page.goto(ed.url('/signin'))
      await page.getByLabel('API token').fill(readOnly)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).count()).toBe(0)

      await page.goto(ed.url(`/c/articles/${uuid}/versions`))
      await page.getByRole('heading', { name: /^Version 2/ }).waitFor()
      expect(await page.getByRole('button', { name: 'Revert to this version' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /label/i }).count()).toBe(0)

      await page.goto(ed.url(`/c/articles/${uuid}/translations`))
      await page.locator('tr[data-locale="fr"]').waitFor()
      expect(await page.getByRole('button', { name: /Create fr translation|Link existing/ }).count()).toBe(0)

      await page.goto(ed.url('/media'))
      await page.getByRole('heading', { name: 'Media library' }).waitFor()
      expect(await page.getByRole('button', { name: 'Choose files…' }).count()).toBe(0)

      await page.goto(ed.url('/webhooks'))
      await page.getByText('Managing webhooks needs a session with the admin ability.').waitFor()
      await page.goto(ed.url('/schema'))
      await page.getByText('Changing the schema needs a session with the admin ability.').waitFor()
      expect(await axeScan(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
