import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { axeScan } from './helpers/editor.ts'
import { magazineTemplate, poll, screenshot, startSecondaryEditor, type SecondaryEditor } from './secondary-setup.ts'

/** Webhooks and schema screens (admin), in Chromium against a real server and a real webhook receiver. */
describe('editor: webhooks and schema', () => {
  let ed: SecondaryEditor
  let token: string
  let receiver: Server
  let receiverUrl: string
  const received: Array<{ headers: IncomingHttpHeaders; body: Record<string, unknown> }> = []
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await ed.server.request(path, { method, token, json })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let data = ''
      req.on('data', (c) => { data += c })
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(data || '{}') })
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true, note: 'build queued' }))
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`
    ed = await startSecondaryEditor(magazineTemplate(), { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', WEBHOOK_ALLOW_INSECURE_HTTP: 'true' })
    token = (await createToken(ed.server.ctx.store, { name: 'test', abilities: ['*'] })).token
  })
  afterAll(async () => {
    await ed?.close()
    await new Promise((r) => receiver?.close(r))
  })

  it('creates a webhook, sends a test showing the receiver’s answer, logs deliveries, redelivers, and edits it', async () => {
    const page = await ed.newPage('/webhooks')
    await page.getByText('No webhooks yet.').waitFor()
    expect(await axeScan(page)).toEqual([])

    await page.getByRole('button', { name: 'New webhook' }).click()
    const form = page.getByRole('dialog', { name: 'New webhook' })
    await form.getByLabel('Name').fill('Site build')
    await form.getByLabel('URL').fill(receiverUrl)
    await form.getByLabel('Signing secret').fill('supersecret1')
    expect(await form.getByLabel('content.published').isChecked()).toBe(true)
    await form.getByLabel('content.updated').check()
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'webhook-form')
    await form.getByRole('button', { name: 'Create webhook' }).click()
    await page.getByRole('heading', { name: /^Site build/ }).waitFor()
    const hooks = await api('GET', '/webhooks')
    expect(hooks.body).toHaveLength(1)
    expect(hooks.body[0]).toMatchObject({ name: 'Site build', url: receiverUrl, has_secret: true, status: true })
    expect(hooks.body[0].events).toEqual(expect.arrayContaining(['content.published', 'content.updated']))
    expect(page.url()).toContain(`webhook=${hooks.body[0].uuid}`)

    await page.getByRole('button', { name: 'Send test' }).click()
    const result = page.getByRole('region', { name: 'Test delivery' })
    await result.getByText('Delivered: HTTP 200').waitFor()
    expect(await result.getByTestId('test-response').innerText()).toBe('{"received":true,"note":"build queued"}')
    const ping = received.find((r) => r.body.event === 'webhook.test')!
    expect(ping.headers['webhook-signature']).toMatch(/^v1,/)
    const log = page.locator('.delivery-table tbody tr')
    await poll(() => log.first().innerText()).toMatch(/webhook\.test\s+200\s+\d+ ms/)

    // A real event: publishing an article is delivered and logged; it can be sent again.
    await api('POST', '/articles', { data: { title: 'Launch day' }, state: 'published' })
    await poll(() => received.filter((r) => r.body.event === 'content.published').length).toBe(1)
    await page.reload()
    const published = page.locator('.delivery-table tbody tr', { hasText: 'content.published' })
    await poll(() => published.count()).toBe(1)
    expect(await published.innerText()).toContain('{"received":true')
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'webhook-detail')
    await published.getByRole('button', { name: /^Redeliver content\.published/ }).click()
    await poll(() => received.filter((r) => r.body.event === 'content.published').length).toBe(2)
    const [first, again] = received.filter((r) => r.body.event === 'content.published')
    expect(again!.body.delivery_id).not.toBe(first!.body.delivery_id)
    await poll(() => page.locator('.delivery-table tbody tr', { hasText: 'redelivery' }).count()).toBe(1)

    await page.getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit “Site build”' })
    await edit.getByLabel('Active').uncheck()
    await edit.getByRole('button', { name: 'Save webhook' }).click()
    await page.getByRole('heading', { name: /Site build\s*Paused/ }).waitFor()
    expect((await api('GET', `/webhooks/${hooks.body[0].uuid}`)).body).toMatchObject({ status: false, has_secret: true })

    await page.getByRole('link', { name: 'Webhooks' }).first().click()
    await page.getByRole('table', { name: 'Webhooks' }).getByRole('link', { name: 'Site build' }).waitFor()
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'webhooks')
  })

  it('adds a field: shows the entries a required field would break before changing anything, then applies it on confirmation; reorders and removes', async () => {
    for (const title of ['First story', 'Second story']) await api('POST', '/articles', { data: { title } })
    const page = await ed.newPage('/schema?c=articles')
    const fields = page.getByRole('list', { name: 'Fields of Articles' })
    await fields.getByText('Cover image').waitFor()
    expect(await axeScan(page)).toEqual([])

    await page.getByRole('button', { name: 'Add field', exact: true }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add a field to Articles' })
    await dialog.getByLabel('Label').fill('Subtitle')
    expect(await dialog.getByLabel('Name').inputValue()).toBe('subtitle')
    await dialog.getByLabel('Required').check()
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'schema-field-dialog')
    await dialog.getByRole('button', { name: 'Add field' }).click()

    const refusal = page.getByRole('dialog', { name: 'This change affects existing entries' })
    await refusal.waitFor()
    const affected = await api('GET', '/articles?state=draft')
    const listed = refusal.getByRole('list', { name: 'Affected entries' }).locator('li')
    // Every article without a subtitle is listed (the earlier tests' entries too), and nothing changed yet.
    expect(await listed.count()).toBe(affected.body.length)
    expect(await listed.first().innerText()).toMatch(/Subtitle.*required/i)
    await poll(() => listed.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^First story \(en\) — /)]))
    expect(await refusal.innerText()).not.toContain('"force"')
    const before = await api('GET', '/collections/articles')
    expect(before.body.fields.map((f: { name: string }) => f.name)).not.toContain('subtitle')
    expect(await axeScan(page)).toEqual([])
    await screenshot(page, 'schema-refusal')
    await refusal.getByRole('button', { name: 'Apply anyway' }).click()
    await fields.getByText('Subtitle', { exact: true }).waitFor()
    const after = await api('GET', '/collections/articles')
    const subtitle = after.body.fields.find((f: { name: string }) => f.name === 'subtitle')
    expect(subtitle).toMatchObject({ type: 'text', label: 'Subtitle', validations: { required: { status: true } } })

    // A field no entry can break is added at once.
    await page.getByRole('button', { name: 'Add field', exact: true }).first().click()
    const second = page.getByRole('dialog', { name: 'Add a field to Articles' })
    await second.getByLabel('Label').fill('Teaser')
    await second.getByLabel('Type').selectOption('longtext')
    await second.getByRole('button', { name: 'Add field' }).click()
    await fields.getByText('Teaser', { exact: true }).waitFor()
    const names = async () => (await api('GET', '/collections/articles')).body.fields.map((f: { name: string }) => f.name)
    expect((await names()).slice(-2)).toEqual(['subtitle', 'teaser'])

    // Reorder with the keyboard-reachable buttons; focus stays on the moved field's button.
    await page.getByRole('button', { name: 'Move Teaser up' }).click()
    await poll(async () => (await names()).slice(-2)).toEqual(['teaser', 'subtitle'])
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Teaser up')

    await page.getByRole('button', { name: 'Remove Teaser' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove the field “Teaser”?' })
    await confirm.getByText('No entry holds a value in it.').waitFor()
    await confirm.getByRole('button', { name: 'Remove field' }).click()
    await poll(async () => await names()).not.toContain('teaser')
    await screenshot(page, 'schema')
  })

  it('shows project auth\'s local outbox: a sign-up\'s verification email with its link', async () => {
    const page = await ed.newPage('/outbox')
    await page.getByRole('heading', { name: 'Outbox' }).waitFor()
    await page.getByText('Project auth is off').waitFor()
    await page.getByText('No emails yet.').waitFor()
    expect(await axeScan(page)).toEqual([])

    const store = ed.server.ctx.store
    await store.putProject({ ...store.project, auth: { enabled: true, email_verification: true } }, 'cli')
    const signup = await ed.server.request('/auth/signup', { method: 'POST', json: { email: 'reader@example.com', password: 'a long password 1' } })
    expect(signup.status).toBe(202)
    await page.getByRole('link', { name: 'Outbox' }).click()
    const message = page.getByRole('listitem').filter({ hasText: 'reader@example.com' })
    await message.waitFor()
    expect(await page.getByText('Project auth is off').count()).toBe(0)
    const link = await message.getByRole('link', { name: 'Open the link' }).getAttribute('href')
    expect(link).toMatch(/verify-email\/confirm\?token=/)
    expect(await axeScan(page)).toEqual([])
    // The link is the one a user would click: it confirms the address.
    const confirmed = await fetch(link!)
    expect(confirmed.status).toBeLessThan(400)
    const login = await ed.server.request('/auth/login', { method: 'POST', json: { email: 'reader@example.com', password: 'a long password 1' } })
    expect(login.status).toBe(200)
    await screenshot(page, 'outbox')
  })
})
