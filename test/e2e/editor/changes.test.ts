import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeScan, startEditor, type Editor } from './helpers/editor.ts'
import { field } from '../../helpers/project.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/** The Changes screen (issue 16) in Chromium, against a real server whose content is in a real git repository. */
const template = {
  name: 'Changes tests', default_locale: 'en', locales: ['en'], public_api: true,
  collections: [
    { name: 'Articles', slug: 'articles', fields: [field('title', 'text'), field('body', 'longtext')] },
  ],
  demo_data: [{ collection: 'articles', entries: [
    { id: 'a1', locale: 'en', state: 'published', fields: { title: 'First post', body: 'The very first body.' } },
    { id: 'a2', locale: 'en', state: 'published', fields: { title: 'Second post', body: 'The second body, as committed.' } },
  ] }],
}

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 })

async function shot(page: Page, name: string): Promise<void> {
  await mkdir('/tmp/changes-shots', { recursive: true })
  await page.screenshot({ path: `/tmp/changes-shots/${name}.png`, fullPage: true })
}

const branchShown = (page: Page, name: string) => page.locator('.screen-header .git-branch', { hasText: new RegExp(`^${name}$`) }).waitFor()

describe('editor: Changes screen', () => {
  let ed: Editor
  let repo: string
  let token: string
  let first: string
  let second: string
  let created: string
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined } as NodeJS.ProcessEnv }).trimEnd()
  const api = async (method: string, path: string, json?: unknown) => {
    const res = await ed.server.request(path, { method, token, json })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  beforeAll(async () => {
    ed = await startEditor({ template })
    token = await ed.token(['*'])
    await ed.server.ctx.store.flush()
    repo = dirname(ed.contentDir)
    git('init', '-q', '-b', 'main', '.')
    git('config', 'user.name', 'Local User')
    git('config', 'user.email', 'local@example.com')
    git('config', 'commit.gpgsign', 'false')
    await writeFile(join(repo, '.gitignore'), '.cms/\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'base')
    const byTitle = new Map([...ed.server.ctx.store.collection('articles')!.entries.values()].map((e) => [e.fields.title, e.uuid]))
    first = byTitle.get('First post')!
    second = byTitle.get('Second post')!
  })
  afterAll(async () => {
    await ed?.close()
  })

  it('lists an edited and a new entry per field, commits exactly the selection, discards a change after confirming', async () => {
    const page = await ed.newPage({ at: '/changes' })
    await page.getByText('Everything is committed.').waitFor()
    await branchShown(page, 'main')

    // Edits made elsewhere (API) show up live: an edited entry, a new one, and another edit.
    expect((await api('PATCH', `/articles/${first}`, { data: { title: 'First post, edited' } })).status).toBe(200)
    const made = await api('POST', '/articles', { data: { title: 'Brand new post', body: 'Fresh words.' } })
    expect(made.status).toBe(201)
    created = made.body.data.uuid
    expect((await api('PATCH', `/articles/${second}`, { data: { body: 'The second body, changed by mistake.' } })).status).toBe(200)

    const list = page.getByRole('list', { name: 'Changes not committed' })
    const row = (uuid: string) => list.locator(`li[data-change="${uuid}"]`)
    await row(second).waitFor()
    await row(created).waitFor()
    // Per entry: title, collection, kind; per field: old → new, not JSON.
    const firstRow = await row(first).innerText()
    expect(firstRow).toContain('Articles')
    expect(firstRow).toContain('Changed')
    expect(await row(first).locator('[data-field="title"] del').innerText()).toBe('First post')
    expect(await row(first).locator('[data-field="title"] ins').innerText()).toBe('First post, edited')
    const newRow = await row(created).innerText()
    expect(newRow).toContain('Brand new post')
    expect(newRow).toContain('New')
    expect(newRow).not.toContain('{')
    expect(await row(created).locator('[data-field="body"]').innerText()).toContain('Fresh words.')
    expect(await row(second).locator('[data-field="body"]').innerText()).toContain('changed by mistake')
    // The navigation counts them.
    await poll(() => page.getByRole('link', { name: /^Changes/ }).innerText()).toContain('3')
    expect(await axeScan(page)).toEqual([])
    await shot(page, 'changes-list')

    // Commit the edited and the new entry only.
    const status = await api('GET', '/_admin/api/git/status')
    const expected = (status.body.files as Array<{ path: string; entry?: string }>).filter((f) => f.entry === first || f.entry === created).map((f) => `content/${f.path}`).sort()
    expect(expected).toContain(`content/entries/articles/${created}.json`)
    const before = git('rev-parse', 'HEAD')
    await page.getByRole('button', { name: 'Commit' }).click()
    await page.getByText('Write a commit message').waitFor()
    // An entry is named by its live title until the edit is published.
    await page.getByRole('checkbox', { name: 'Select First post' }).check()
    await page.getByRole('checkbox', { name: 'Select Brand new post' }).check()
    await page.getByLabel('Commit message').fill('Spring copy edits [skip ci]')
    await page.getByRole('button', { name: 'Commit' }).click()
    await row(first).waitFor({ state: 'detached' })
    await row(created).waitFor({ state: 'detached' })
    expect(git('rev-parse', 'HEAD^')).toBe(before)
    // A link session is the local user: the local git identity is the author.
    expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe('Local User <local@example.com>|Spring copy edits [skip ci]')
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean).sort()).toEqual(expected)
    // The unselected change stays uncommitted, on the screen and in git.
    expect(git('status', '--porcelain', '--', 'content')).toBe(` M content/entries/articles/${second}.json`)
    await row(second).waitFor()

    // Discard it: a confirmation first, then the file is HEAD's again and the API serves the old value.
    await row(second).getByRole('button', { name: /^Discard/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Discard changes to “Second post”?' })
    await dialog.waitFor()
    expect(await readFile(join(ed.contentDir, 'entries/articles', `${second}.json`), 'utf8')).toContain('changed by mistake')
    expect(await axeScan(page)).toEqual([])
    await shot(page, 'changes-discard')
    await dialog.getByRole('button', { name: 'Discard changes' }).click()
    await page.getByText('Everything is committed.').waitFor()
    expect(await readFile(join(ed.contentDir, 'entries/articles', `${second}.json`), 'utf8')).toBe(execFileSync('git', ['show', `HEAD:content/entries/articles/${second}.json`], { cwd: repo, encoding: 'utf8' }))
    expect(git('status', '--porcelain', '--', 'content')).toBe('')
    const served = await api('GET', `/articles/${second}?state=draft`)
    expect(served.body.data.fields.body).toBe('The second body, as committed.')
  })

  it('creates a content branch, switches to it, and shows this branch against main', async () => {
    const page = await ed.newPage({ at: '/changes' })
    await page.getByRole('button', { name: 'Branches…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Branches' })
    await dialog.getByLabel('Branch name').fill('content/spring')
    await dialog.getByRole('button', { name: 'Create branch' }).click()
    await dialog.waitFor({ state: 'detached' })
    await branchShown(page, 'content/spring')
    expect(git('branch', '--show-current')).toBe('content/spring')

    expect((await api('PATCH', `/articles/${second}`, { data: { title: 'Second post for spring' } })).status).toBe(200)
    await page.locator(`li[data-change="${second}"]`).waitFor()
    await page.getByRole('checkbox', { name: 'Select all' }).check()
    await page.getByLabel('Commit message').fill('Spring title')
    await page.getByRole('button', { name: 'Commit' }).click()
    await page.getByText('Everything is committed.').waitFor()

    await page.getByRole('link', { name: 'This branch against main' }).click()
    const compare = page.getByRole('region', { name: 'content/spring against main' })
    await compare.getByText('Second post for spring').waitFor()
    expect(await compare.locator('[data-field="title"] ins').allInnerTexts()).toEqual(['Second post for spring'])
    expect(await axeScan(page)).toEqual([])
    await shot(page, 'changes-compare')

    // Back to main: the watcher applies main's content, and the branch's edit is not there.
    await page.getByRole('button', { name: 'Branches…' }).click()
    await page.getByRole('dialog', { name: 'Branches' }).getByRole('button', { name: 'Switch to main' }).click()
    await branchShown(page, 'main')
    expect(git('branch', '--show-current')).toBe('main')
    await poll(async () => (await api('GET', `/articles/${second}?state=draft`)).body.data.fields.title).toBe('Second post')
  })

  it('a session signed in with a token commits as the token’s person', async () => {
    const { token: personal } = await createToken(ed.server.ctx.store, { name: 'Grace Hopper', abilities: ['*'] })
    const page = await ed.newPage({ signIn: false })
    await page.goto(ed.url('/signin'))
    await page.getByLabel('API token').fill(personal)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect((await api('PATCH', `/articles/${first}`, { data: { body: 'Grace was here.' } })).status).toBe(200)
    await page.goto(ed.url('/changes'))
    await page.getByRole('checkbox', { name: 'Select First post' }).check()
    await page.getByLabel('Commit message').fill('Body by Grace')
    await page.getByRole('button', { name: 'Commit' }).click()
    await page.locator(`li[data-change="${first}"]`).waitFor({ state: 'detached' })
    // The new token is a change of its own (tokens.yaml), left uncommitted.
    await page.locator('li[data-change="tokens.yaml"] label', { hasText: 'API tokens' }).waitFor()
    expect(git('log', '-1', '--format=%an <%ae>|%cn|%s')).toBe('Grace Hopper <grace-hopper@cms.local>|Local User|Body by Grace')
  })

  it('says in plain words what blocks commits (a stale .git/index.lock), and stops saying it once it is gone', async () => {
    const lock = join(repo, '.git', 'index.lock')
    await writeFile(lock, '')
    const old = new Date(Date.now() - 60_000)
    await utimes(lock, old, old)
    const page = await ed.newPage()
    try {
      await page.goto(ed.url('/changes'))
      const notice = page.locator('.git-blocked')
      await notice.waitFor()
      expect(await notice.innerText()).toMatch(/^Commits are blocked: git's index is locked: \.git\/index\.lock has been there for \d+ s/)
      await rm(lock)
      await page.reload()
      await branchShown(page, 'main')
      expect(await page.locator('.git-blocked').count()).toBe(0)
    } finally {
      await rm(lock, { force: true })
      await page.close()
    }
  })

  it('says so when the content is not in a git work tree', async () => {
    const plain = await startEditor({ template })
    try {
      const page = await plain.newPage()
      await page.goto(plain.url('/changes'))
      await page.getByRole('alert').filter({ hasText: 'not inside a git work tree' }).waitFor()
      expect(await page.getByRole('link', { name: /^Changes/ }).innerText()).toBe('Changes')
    } finally {
      await plain.close()
    }
  })
})
