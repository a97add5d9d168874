import { mkdir } from 'node:fs/promises'
import { expect } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { signInLink } from '../../../src/server/admin/session-routes.ts'
import { giveBackPage, releaseBrowser, workerBrowser, type KeptPage } from './helpers/browser.ts'
import { keptUntilTestEnds } from './helpers/editor.ts'

/**
 * Like helpers/editor.ts's startEditor, with settings in the server's environment (the webhook
 * tests need a loopback receiver: WEBHOOK_ALLOW_PRIVATE_HOSTS, WEBHOOK_ALLOW_INSECURE_HTTP).
 */
export interface SecondaryEditor {
  server: TestServer
  project: TempProject
  browser: Browser
  url(path: string): string
  /** A page signed in by link, on `at` (`/media`) when given: one load instead of home and then it. */
  newPage(at?: string): Promise<Page>
  close(): Promise<void>
}

export async function startSecondaryEditor(template: Record<string, unknown>, env: Record<string, string> = {}): Promise<SecondaryEditor> {
  const project = await makeProject(template)
  const server = await startTestServer(project.contentDir, { watch: true, env })
  const browser = await workerBrowser()
  const lent = new Set<KeptPage>()
  return {
    server, project, browser,
    url: (path) => `${server.url}/_admin${path}`,
    async newPage(at) {
      const { page } = await keptUntilTestEnds(browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true }, lent)
      page.on('dialog', (d) => { void d.accept().catch(() => undefined) })
      await page.goto(signInLink(server.ctx, server.url, at))
      await page.getByRole('navigation', { name: 'Main' }).waitFor()
      return page
    },
    async close() {
      for (const kept of lent) await giveBackPage(kept)
      lent.clear()
      await releaseBrowser(browser)
      await server.close()
      await project.cleanup()
    },
  }
}

/** A bilingual magazine: articles with text, rich text, a relation, media and a group; writers to relate to. */
export function magazineTemplate(): Record<string, unknown> {
  return {
    format: 'elmapicms', version: 1, type: 'project', name: 'Magazine', slug: 'magazine', description: 'Secondary screens',
    default_locale: 'en', locales: ['en', 'fr', 'de'], public_api: true,
    collections: [
      { name: 'Writers', slug: 'writers', is_singleton: false, fields: [field('name', 'text')] },
      {
        name: 'Articles', slug: 'articles', is_singleton: false,
        fields: [
          field('title', 'text', { validations: { required: { status: true, message: null } } }),
          field('summary', 'longtext'),
          field('body', 'richtext'),
          field('rating', 'number'),
          field('featured', 'boolean'),
          field('writer', 'relation', { options: { relation: { type: 1, collection: 'writers' } } }),
          field('cover', 'media', { label: 'Cover image', options: { media: { type: 1 } } }),
          field('seo', 'group', { label: 'SEO', children: [field('meta_title', 'text', { label: 'Meta title' })] }),
        ],
      },
    ],
    demo_data: [
      { collection: 'writers', entries: [{ id: 'w1', locale: 'en', state: 'published', fields: { name: 'Mary Shelley' } }] },
    ],
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir('/tmp/secondary-shots', { recursive: true })
  await page.screenshot({ path: `/tmp/secondary-shots/${name}.png`, fullPage: true })
}

/** expect.poll with room for a busy 2-core machine (the default gives up after 1 s). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 })
