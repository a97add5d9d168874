import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startEditor, type Editor } from './helpers/editor.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'

/**
 * The preview loop in real Chromium (docs/preview.md): the entry form's preview pane frames a
 * small site (docs/examples/preview-site.mjs: a plain Node server rendering the draft through a
 * preview token, listening to /_events); typing changes the pane's text without a reload; the
 * overlay's Edit button focuses the field, in the pane (postMessage) and from a plain page (new tab).
 */
let editor: Editor
let site: Server
let siteUrl: string
let uuid: string
let admin: string

beforeAll(async () => {
  editor = await startEditor({ template: smallBlogTemplate() })
  const { previewSite } = (await import(new URL('../../../docs/examples/preview-site.mjs', import.meta.url).href)) as { previewSite: (cms: string, project: string) => Server }
  site = previewSite(editor.server.url, editor.server.ctx.store.project.uuid)
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  admin = await editor.token(['*'])
  const res = await editor.server.request('/project', { method: 'PATCH', token: admin, json: { preview_url: `${siteUrl}/{collection}/{uuid}?token={token}` } })
  expect(res.status).toBe(200)
  uuid = [...editor.server.ctx.store.collection('posts')!.entries.values()].find((e) => e.fields.title === 'Hello')!.uuid
})
afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve))
  await editor?.close()
})

describe('the preview pane', () => {
  test('typing in a field changes the pane\'s text (no reload); Edit in the pane focuses the field', async () => {
    const page = await editor.newPage()
    const response = await page.goto(editor.url(`/c/posts/${uuid}`))
    expect(response!.headers()['content-security-policy']).toContain(`frame-src ${siteUrl}`)
    await page.getByRole('button', { name: 'Open preview' }).waitFor()
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    const pane = page.frameLocator('iframe[title^="Preview of"]')
    await expect.poll(() => pane.locator('h1').textContent(), { timeout: 10_000 }).toBe('Hello')
    // A marker on the framed page: still there after the text changed means no reload.
    await pane.locator('h1').evaluate(() => { (window as unknown as { marker: number }).marker = 1 })
    const title = page.getByLabel('Title', { exact: true })
    await title.click()
    await title.press('End')
    await title.pressSequentially(' world', { delay: 30 })
    await expect.poll(() => pane.locator('h1').textContent(), { timeout: 5000 }).toBe('Hello world')
    expect(await pane.locator('h1').evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    expect(editor.server.ctx.store.collection('posts')!.entries.get(uuid)!.fields.title).toBe('Hello world')

    // Click-to-edit inside the pane: the form's field gets the focus.
    await page.getByLabel('Views').focus()
    await pane.locator('h1').hover()
    await pane.getByRole('button', { name: /Edit/ }).click()
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('Hello world')
    await page.close()
  })

  test('the list of a collection says its entries have a preview', async () => {
    const page = await editor.newPage({ at: '/c/posts' })
    await expect.poll(() => page.getByTestId('preview-note').textContent()).toContain('Preview on the site (127.0.0.1:')
    await page.close()
  })

  test('a plain HTML page: hover, Edit opens the editor in a new tab on that field', async () => {
    const token = ((await (await editor.server.request('/_admin/api/preview-tokens', { method: 'POST', token: admin, json: {} })).json()) as { token: string }).token
    const page = await editor.newPage()
    await page.goto(`${siteUrl}/posts/${uuid}?token=${token}`)
    expect(await page.locator('h1').textContent()).toBe('Hello world')
    await page.locator('h1').hover()
    const button = page.getByRole('button', { name: /Edit/ })
    await button.waitFor({ state: 'visible' })
    const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()])
    await tab!.waitForURL(/\/_admin\/c\/posts\/.*field=title/)
    await expect.poll(() => tab!.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? null), { timeout: 10_000 }).toBe('Hello world')
    await tab!.close()
    await page.close()
  })
})
