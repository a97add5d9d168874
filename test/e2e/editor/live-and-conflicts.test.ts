import { readFile, rename, writeFile } from 'node:fs/promises'
import { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { entryFile, startEditor, type Editor } from './helpers/editor.ts'
import { kitchenSinkTemplate } from './fixtures/kitchen-sink.ts'
import { editorState } from '../../../src/sessions/editor-state.ts'

let ed: Editor
let token: string

beforeAll(async () => {
  ed = await startEditor({ template: kitchenSinkTemplate() })
  token = await ed.token(['*'])
})
afterAll(async () => { await ed?.close() })

async function createEntry(title: string): Promise<string> {
  const res = await ed.server.request('/kitchen', { method: 'POST', token, json: { data: { title } } })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { uuid: string } }).data.uuid
}

async function openEntry(page: Page, uuid: string, title: string): Promise<void> {
  await page.goto(ed.url(`/c/kitchen/${uuid}`))
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
}

/** Waits until the entry file on disk satisfies `check` (the write answer came before the assertion). */
async function waitForFile(uuid: string, check: (f: Awaited<ReturnType<typeof entryFile>>) => boolean): Promise<Awaited<ReturnType<typeof entryFile>>> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const f = await entryFile(ed.contentDir, 'kitchen', uuid)
    if (check(f) || Date.now() > deadline) return f
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('nothing is lost', () => {
  it('two pages edit one entry: the second save gets the conflict dialog and the file keeps the first save until the person decides', async () => {
    const uuid = await createEntry('Shared entry')
    const a = await ed.newPage()
    const b = await ed.newPage()
    await openEntry(a, uuid, 'Shared entry')
    await openEntry(b, uuid, 'Shared entry')

    await a.getByLabel('Summary', { exact: true }).fill('Written by A')
    await a.getByRole('button', { name: 'Save draft', exact: true }).click()
    await a.getByText('Draft saved.').waitFor()
    expect((await entryFile(ed.contentDir, 'kitchen', uuid)).fields.summary).toBe('Written by A')

    await b.getByLabel('Summary', { exact: true }).fill('Written by B')
    await b.getByRole('button', { name: 'Save draft', exact: true }).click()
    const dialog = b.getByRole('dialog', { name: 'This entry was changed by someone else' })
    await dialog.waitFor()
    await dialog.getByRole('row', { name: /Summary/ }).getByText('Written by A').waitFor()
    await dialog.getByRole('row', { name: /Summary/ }).getByText('Written by B').waitFor()
    // The person has not decided: the file still holds A's save.
    expect((await entryFile(ed.contentDir, 'kitchen', uuid)).fields.summary).toBe('Written by A')

    await dialog.getByRole('button', { name: 'Keep mine' }).click()
    await b.getByText('Draft saved.').waitFor()
    expect((await waitForFile(uuid, (f) => f.fields.summary === 'Written by B')).fields.summary).toBe('Written by B')
  })

  it('"Take theirs" replaces the form with the other save and writes nothing', async () => {
    const uuid = await createEntry('Taken entry')
    const a = await ed.newPage()
    const b = await ed.newPage()
    await openEntry(a, uuid, 'Taken entry')
    await openEntry(b, uuid, 'Taken entry')
    await a.getByLabel('Summary', { exact: true }).fill('A wins')
    await a.getByRole('button', { name: 'Save draft', exact: true }).click()
    await a.getByText('Draft saved.').waitFor()
    await b.getByLabel('Summary', { exact: true }).fill('B gives up')
    await b.getByRole('button', { name: 'Save draft', exact: true }).click()
    const dialog = b.getByRole('dialog', { name: 'This entry was changed by someone else' })
    await dialog.getByRole('button', { name: 'Take theirs' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await b.getByLabel('Summary', { exact: true }).inputValue()).toBe('A wins')
    expect((await entryFile(ed.contentDir, 'kitchen', uuid)).fields.summary).toBe('A wins')
  })

  it('a hand edit of the open entry\'s file shows the banner; Reload shows the new values', async () => {
    const uuid = await createEntry('Hand edited')
    const page = await ed.newPage()
    await openEntry(page, uuid, 'Hand edited')
    const path = `${ed.contentDir}/entries/kitchen/${uuid}.json`
    const doc = JSON.parse(await readFile(path, 'utf8')) as { fields: Record<string, unknown> }
    doc.fields.summary = 'Typed in a text editor'
    await writeFile(`${path}.tmp`, `${JSON.stringify(doc, null, 2)}\n`)
    await rename(`${path}.tmp`, path)
    await page.getByText('This entry was changed elsewhere').waitFor()
    await page.getByRole('button', { name: 'Reload' }).click()
    await page.getByText('This entry was changed elsewhere').waitFor({ state: 'detached' })
    expect(await page.getByLabel('Summary', { exact: true }).inputValue()).toBe('Typed in a text editor')
  })

  it('an open list refreshes when an entry is created elsewhere', async () => {
    const activity = editorState(ed.server.ctx).activity
    const before = activity.subscribers
    const page = await ed.newPage({ at: '/c/kitchen' })
    await page.getByRole('table').waitFor()
    // The page's change stream is open: the write below comes after it, as one from elsewhere would.
    await expect.poll(() => activity.subscribers).toBeGreaterThan(before)
    await createEntry('Arrived from the CLI side')
    await page.getByRole('link', { name: 'Arrived from the CLI side' }).waitFor()
  })

  it('an open list shows what changed while its change stream was down, once it is back', async () => {
    const page = await ed.newPage({ at: '/c/kitchen' })
    await page.getByRole('table').waitFor()
    const activity = editorState(ed.server.ctx).activity
    await expect.poll(() => activity.subscribers).toBeGreaterThan(0)
    const before = activity.subscribers
    // A dropped connection (a server restart, a network change): the server's end of every
    // connection to it, the page's stream among them, is cut.
    const port = Number(new URL(ed.server.url).port)
    const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles()
    for (const h of handles) if (h instanceof Socket && h.localPort === port) h.destroy()
    await expect.poll(() => activity.subscribers).toBeLessThan(before)
    await createEntry('Arrived while the stream was down')
    // EventSource comes back by itself (the stream asks for a retry after 1 s); no event told it.
    await page.getByRole('link', { name: 'Arrived while the stream was down' }).waitFor({ timeout: 15_000 })
  })
})
