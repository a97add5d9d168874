import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { axeScan } from './helpers/editor.ts'
import { magazineTemplate, poll, screenshot, startSecondaryEditor, type SecondaryEditor } from './secondary-setup.ts'

/** A real PNG of w×h pixels of one colour (the server checks the signature and reads the size). */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0 })
  const crc = (buf: Buffer) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0 }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: w }, () => Buffer.from(rgb)))])
  const raw = Buffer.concat(Array.from({ length: h }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

describe('editor: media library', () => {
  let ed: SecondaryEditor
  let token: string
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await ed.server.request(path, { method, token, json })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  beforeAll(async () => {
    ed = await startSecondaryEditor(magazineTemplate())
    token = (await createToken(ed.server.ctx.store, { name: 'test', abilities: ['*'] })).token
  })
  afterAll(async () => { await ed?.close() })

  it('uploads images dropped on the page, shows them in the grid, edits details, lists usage and deletes with a confirmation', async () => {
    const page = await ed.newPage('/media')
    await page.getByText('No files yet').waitFor()
    expect(await axeScan(page)).toEqual([])

    // A real drop: File objects in a DataTransfer built in the page, dispatched on the drop zone.
    const files = [
      { name: 'harbour.png', b64: png(64, 48, [30, 90, 200]).toString('base64') },
      { name: 'sunset.png', b64: png(40, 30, [240, 120, 40]).toString('base64') },
    ]
    await page.getByTestId('dropzone').evaluate((zone, list) => {
      const dt = new DataTransfer()
      for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }))
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }))
    }, files)
    const uploads = page.getByRole('list', { name: 'Uploads' })
    await poll(() => uploads.locator('li').allInnerTexts()).toEqual([expect.stringMatching(/harbour\.png\s*Uploaded/), expect.stringMatching(/sunset\.png\s*Uploaded/)])
    expect(await uploads.locator('progress').evaluateAll((els) => els.map((e) => (e as HTMLProgressElement).value))).toEqual([1, 1])

    const grid = page.getByRole('list', { name: 'Files' })
    await poll(() => grid.locator('.asset-name').allInnerTexts()).toEqual(expect.arrayContaining(['harbour.png', 'sunset.png']))
    // Thumbnails are the images themselves, decoded by the browser.
    await poll(() => grid.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth).sort())).toEqual([40, 64])
    const listed = await api('GET', '/files?search=harbour')
    const harbour = listed.body.data[0]
    expect(harbour).toMatchObject({ filename: 'harbour.png', mime_type: 'image/png', metadata: { width: 64, height: 48 } })
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'media')

    // Pick it in an entry's media field.
    const created = await api('POST', '/articles', { data: { title: 'Harbour at dawn' } })
    const article = created.body.data.uuid as string
    const etag = (await ed.server.request(`/articles/${article}?state=draft`, { token })).headers.get('etag')
    expect(etag).toBeTruthy()
    await page.goto(ed.url(`/c/articles/${article}`))
    await page.getByRole('button', { name: 'Choose from library' }).click()
    const picker = page.getByRole('dialog', { name: 'Choose Cover image' })
    await picker.getByRole('button', { name: 'harbour.png' }).click()
    await page.getByRole('list', { name: 'Selected Cover image' }).getByText('harbour.png').waitFor()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await poll(async () => (await api('GET', `/articles/${article}?state=draft`)).body.data.fields.cover?.uuid).toBe(harbour.uuid)

    // Details: alt text saved; the article shows under "Used by".
    await page.goto(ed.url(`/media?asset=${harbour.uuid}`))
    const detail = page.getByRole('dialog', { name: 'harbour.png' })
    await detail.getByRole('list', { name: 'Entries using this file' }).getByRole('link', { name: 'Harbour at dawn' }).waitFor()
    await detail.getByLabel('Alt text').fill('Boats in the harbour at dawn')
    await detail.getByLabel('Caption').fill('Photo: the editors')
    await detail.getByRole('button', { name: 'Save details' }).click()
    await poll(async () => (await api('GET', `/files/${harbour.uuid}`)).body.metadata).toMatchObject({ alt_text: 'Boats in the harbour at dawn', caption: 'Photo: the editors' })
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'media-detail')

    // Deleting a used file names the entries first; nothing is deleted until confirmed.
    await detail.getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('dialog', { name: '“harbour.png” is in use' })
    expect(await confirm.getByRole('list', { name: 'Entries using this file' }).innerText()).toContain('Harbour at dawn')
    expect((await api('GET', `/files/${harbour.uuid}`)).status).toBe(200)
    expect(await axeScan(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Delete anyway' }).click()
    await poll(async () => (await api('GET', `/files/${harbour.uuid}`)).status).toBe(404)
    await poll(() => grid.locator('.asset-name').allInnerTexts()).toEqual(['sunset.png'])

    // An unused file goes to the trash after a plain confirmation.
    await grid.getByRole('button', { name: /sunset\.png/ }).click()
    await page.getByRole('dialog', { name: 'sunset.png' }).getByText('No entry uses this file.').waitFor()
    await page.getByRole('dialog', { name: 'sunset.png' }).getByRole('button', { name: 'Delete…' }).click()
    await page.getByRole('dialog', { name: 'Delete “sunset.png”?' }).getByRole('button', { name: 'Move to trash' }).click()
    await page.getByText('No files yet').waitFor()
    await poll(() => page.locator('dialog[open]').count()).toBe(0)
    const trashed = await api('GET', '/files?trashed=only')
    expect(trashed.body.data.map((a: { filename: string }) => a.filename)).toEqual(['sunset.png'])

    // The trash can be browsed and a file restored from it.
    await page.getByLabel('Type').selectOption('trash')
    await page.getByRole('button', { name: 'Restore sunset.png' }).click()
    await page.getByText('The trash is empty.').waitFor()
    expect((await api('GET', '/files')).body.data.map((a: { filename: string }) => a.filename)).toEqual(['sunset.png'])
  })

  it('uploads with the file button too (keyboard users), and shows a refused file as an error', async () => {
    const page = await ed.newPage('/media')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Choose files…' }).focus()
    await page.keyboard.press('Enter')
    await (await chooser).setFiles([
      { name: 'pier.png', mimeType: 'image/png', buffer: png(10, 10, [0, 0, 0]) },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') },
    ])
    const uploads = page.getByRole('list', { name: 'Uploads' })
    await uploads.getByText('Uploaded').waitFor()
    await uploads.getByRole('alert').waitFor()
    expect(await uploads.getByRole('alert').innerText()).toMatch(/png|type|extension/i)
    await page.getByRole('list', { name: 'Files' }).getByText('pier.png').waitFor()
  })
})
