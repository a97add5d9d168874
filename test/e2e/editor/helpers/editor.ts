import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { onTestFinished } from 'vitest'
import { startTestServer, type TestServer } from '../../../helpers/server.ts'
import { copyProject, makeProject } from '../../../helpers/project.ts'
import { signInLink } from '../../../../src/server/admin/session-routes.ts'
import { createToken } from '../../../../src/service/tokens/manage.ts'
import type { Ability } from '../../../../src/core/types.ts'
import { giveBackPage, pageForTest, releaseBrowser, workerBrowser, type KeptPage, type PageOptions } from './browser.ts'

const DEMO_CONTENT = fileURLToPath(new URL('../../../../content', import.meta.url))

export interface Editor {
  server: TestServer
  /** The temp content dir the server runs on (edit its files to act as a hand edit). */
  contentDir: string
  browser: Browser
  /** An editor URL: `url('/c/articles')` → `http://127.0.0.1:PORT/_admin/c/articles`. */
  url(path?: string): string
  /** A fresh one-time sign-in link. */
  signInLink(): string
  /**
   * A page alone in its browser context (no cookies or storage; helpers/browser.ts's pageForTest), signed in by link; with `at`
   * (`/c/articles`), the link leads straight to that screen, one load instead of home and then it.
   */
  newPage(options?: { signIn?: boolean; context?: BrowserContext; at?: string }): Promise<Page>
  /** An API token with these abilities. */
  token(abilities?: Array<Ability | '*'>): Promise<string>
  close(): Promise<void>
}

export interface EditorOptions {
  /** A content dir to copy (default: the repo's demo content). */
  content?: string
  /** Or a template object (the hosted service's format) to import. */
  template?: Record<string, unknown>
}

/**
 * A real server (watching its files) on an ephemeral loopback port over a temp copy of the
 * content, the built editor it serves, and the worker's headless Chromium (helpers/browser.ts).
 */
export async function startEditor(options: EditorOptions = {}): Promise<Editor> {
  const project = options.template ? await makeProject(options.template) : await copyProject(options.content ?? DEMO_CONTENT)
  const server = await startTestServer(project.contentDir, { watch: true })
  const browser = await workerBrowser()
  const lent = new Set<KeptPage>()
  const editor: Editor = {
    server,
    contentDir: project.contentDir,
    browser,
    url: (path = '/') => `${server.url}/_admin${path === '/' ? '/' : path}`,
    signInLink: () => signInLink(server.ctx, server.url),
    async newPage({ signIn = true, context, at } = {}) {
      const page = context ? await context.newPage() : (await keptUntilTestEnds(browser, { viewport: { width: 1280, height: 900 } }, lent)).page
      // Leaving a form with unsaved changes asks (beforeunload); tests accept unless they handle it.
      page.on('dialog', (d) => { void d.accept().catch(() => undefined) })
      if (signIn) {
        await page.goto(signInLink(server.ctx, server.url, at))
        await page.getByRole('navigation', { name: 'Main' }).waitFor()
      }
      return page
    },
    async token(abilities = ['*']) {
      return (await createToken(server.ctx.store, { name: `t${Math.random().toString(36).slice(2, 8)}`, abilities })).token
    },
    async close() {
      for (const kept of lent) await giveBackPage(kept)
      lent.clear()
      await releaseBrowser(browser)
      await server.close()
      await project.cleanup()
    },
  }
  return editor
}

/**
 * A page of helpers/browser.ts's pageForTest, given back when the test that asked ends, or when
 * its editor closes (a page asked for in beforeAll; a test that closes a second editor while on
 * it): `lent` is the editor's list. Left open, a page kept its change stream, and every later
 * write of the file made it read again (its list, the home counts, git status).
 */
export async function keptUntilTestEnds(browser: Browser, options: PageOptions, lent: Set<KeptPage>): Promise<KeptPage> {
  const kept = await pageForTest(browser, options)
  lent.add(kept)
  try {
    onTestFinished(() => {
      lent.delete(kept)
      return giveBackPage(kept)
    })
  } catch {
    // Not inside a test (beforeAll): the editor's close gives it back.
  }
  return kept
}

let axeSource: string | null = null

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/** Runs axe-core in the page; answers the serious and critical violations (empty = pass). */
export async function axeScan(page: Page): Promise<AxeViolation[]> {
  if (!axeSource) {
    const require = createRequire(import.meta.url)
    axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  }
  // Evaluated over the DevTools protocol, so the editor's CSP (script-src 'self') stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }
    const result = await w.axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** JSON of an entry file on disk (what `git diff` would show). */
export async function entryFile(contentDir: string, collection: string, uuid: string): Promise<{ fields: Record<string, unknown>; published: Record<string, unknown> | null; published_version: number | null; deleted_at: string | null }> {
  return JSON.parse(await readFile(`${contentDir}/entries/${collection}/${uuid}.json`, 'utf8'))
}

/** The uuid in an entry form's URL. */
export function uuidFromUrl(page: Page): string {
  const m = /\/c\/[^/]+\/([0-9a-f-]{36})/.exec(page.url())
  if (!m) throw new Error(`no entry uuid in ${page.url()}`)
  return m[1]!
}
