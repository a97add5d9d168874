import { appendFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startEditor, type Editor } from './helpers/editor.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { template } from '../scheduling/fixture.ts'

/**
 * The editor's scheduling (docs/scheduling.md) in real Chromium: schedule an entry from its
 * form and find it on Upcoming; create a release, add an entry, see what will change, publish it.
 * Screenshots (desktop and phone) go to $SHOTS or a temp dir.
 */
const SHOTS = process.env.SHOTS ?? '/tmp/scheduling-shots'
let editor: Editor
let source: TempProject
let page: Page
let token: string

async function shot(name: string): Promise<void> {
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width: w, height: h })
    await page.screenshot({ path: join(SHOTS, `${name}-${tag}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function api(path: string, init: { method?: string; json?: unknown } = {}): Promise<any> {
  const res = await editor.server.request(path, { method: init.method ?? 'GET', token, ...(init.json !== undefined ? { json: init.json } : {}) })
  return res.json()
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true })
  source = await makeProject(template)
  await appendFile(join(source.contentDir, 'collections', 'reviewed.yaml'), 'workflow: review\n')
  editor = await startEditor({ content: source.contentDir })
  token = await editor.token(['*'])
  page = await editor.newPage()
})
afterAll(async () => {
  await editor?.close()
  await source?.cleanup()
})

describe('scheduling in the editor', () => {
  it('schedules an entry from its form and lists it on Upcoming', async () => {
    const [post] = (await api('/posts?state=draft&where[title]=Post 0')) as Array<{ uuid: string }>
    await page.goto(editor.url(`/c/posts/${post!.uuid}`))
    await page.getByRole('button', { name: 'Schedule…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule this entry' })
    const when = new Date(Date.now() + 3 * 86400_000)
    const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T09:00`
    await dialog.getByLabel('Publish at', { exact: true }).fill(local)
    await dialog.getByRole('button', { name: 'Save schedule' }).click()
    await page.getByText('Goes live').waitFor()
    const stored = await api(`/posts/${post!.uuid}?state=draft`)
    expect(stored.data.schedule.publish_at).toBe(new Date(local).toISOString())
    await shot('entry-form-scheduled')
    await page.getByRole('link', { name: 'Upcoming', exact: true }).first().click()
    const list = page.getByRole('list', { name: 'Scheduled changes' })
    await list.getByRole('link', { name: 'Post 0' }).waitFor()
    await expect(list.getByText('Goes live').count()).resolves.toBeGreaterThan(0)
    await shot('upcoming')
  })

  it('creates a release, adds an entry, shows what will change and publishes it', async () => {
    await page.goto(editor.url('/releases'))
    await page.getByLabel('New release').fill('Spring launch')
    await page.getByRole('button', { name: 'Create release' }).click()
    await page.getByRole('heading', { name: 'Spring launch' }).waitFor()
    await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'Posts' })
    await page.getByLabel('Entry', { exact: true }).selectOption({ label: 'Post 1 (en)' })
    await page.getByRole('button', { name: 'Add to release' }).click()
    const items = page.getByRole('list', { name: 'Entries in this release' })
    await items.getByRole('link', { name: 'Post 1' }).waitFor()
    await expect(items.getByText('Post 1', { exact: true }).count()).resolves.toBeGreaterThan(0)
    await items.getByText('Title').first().waitFor()
    await shot('release-detail')
    await page.getByRole('button', { name: 'Publish now' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /Publish 1 entry/ }).click()
    await page.getByText('went live').waitFor()
    const [post] = (await api('/posts?where[title]=Post 1')) as Array<{ uuid: string }>
    expect(post).toBeDefined()
    await shot('release-live')
  })

  it('shows review state on the list and waiting entries on Home', async () => {
    const made = await api('/reviewed', { method: 'POST', json: { data: { title: 'Needs a look' } } })
    await api(`/reviewed/${made.data.uuid}/review`, { method: 'POST', json: { state: 'in_review' } })
    await page.goto(editor.url('/'))
    const waiting = page.getByRole('region', { name: 'Waiting for review' })
    await waiting.getByRole('link', { name: 'Needs a look' }).waitFor()
    await page.goto(editor.url('/c/reviewed'))
    await page.locator('.badge', { hasText: 'Waiting for review' }).first().waitFor()
    await page.getByLabel('Review', { exact: true }).selectOption({ label: 'Approved' })
    await page.getByText('No entries').or(page.getByRole('row')).first().waitFor()
    await page.goto(editor.url(`/c/reviewed/${made.data.uuid}`))
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('Approved', { exact: true }).waitFor()
    expect((await api(`/reviewed/${made.data.uuid}?state=draft`)).data.review.state).toBe('approved')
    await shot('entry-review')
  })
})
