import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { field } from '../helpers/project.ts'
import { createToken } from '../../src/service/tokens/manage.ts'
import type { Ability } from '../../src/core/types.ts'
import type { TestServer } from '../helpers/server.ts'

const run = promisify(execFile)
const BIN = fileURLToPath(new URL('../../bin/cms.mjs', import.meta.url))

/** A small two-collection blog: posts relate to authors; posts have a group with children. */
export function blogTemplate(): Record<string, unknown> {
  return {
    name: 'Schema test', default_locale: 'en', locales: ['en', 'fr'], public_api: true,
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text', { validations: { required: { status: true, message: null } } })] },
      { name: 'Posts', slug: 'posts', fields: [
        field('title', 'text'),
        field('views', 'number'),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
        field('meta', 'group', { children: [field('keywords', 'text')] }),
      ] },
    ],
    demo_data: [
      { collection: 'authors', entries: [{ id: 'a1', locale: 'en', state: 'published', fields: { name: 'Ada' } }] },
      { collection: 'posts', entries: [
        { id: 'p1', locale: 'en', state: 'published', fields: { title: 'Hello', views: 3, author: 'a1', meta: { keywords: 'hi' } } },
        { id: 'p2', locale: 'fr', state: 'draft', fields: { title: 'Bonjour', views: 5 } },
      ] },
    ],
  }
}

/** Gives the server a token with the given abilities; returns its plaintext. */
export async function addToken(server: TestServer, name: string, abilities: Ability[]): Promise<string> {
  return (await createToken(server.ctx.store, { name, abilities })).token
}

export interface CliResult { code: number; stdout: string; stderr: string; json: any }

/** Runs the built CLI; never throws on a non-zero exit. */
export async function cms(args: string[], options: { cwd?: string } = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: options.cwd, env: cleanEnv(), maxBuffer: 1 << 26 })
    return { code: 0, stdout, stderr, json: tryJson(stdout) }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof e.code === 'number' ? e.code : 2, stdout: e.stdout ?? '', stderr: e.stderr ?? '', json: tryJson(e.stdout ?? '') }
  }
}

const tryJson = (s: string): unknown => { try { return JSON.parse(s) } catch { return undefined } }

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of ['CMS_URL', 'CMS_TOKEN', 'CMS_PROJECT_ID', 'CMS_CONTENT_DIR']) delete env[key]
  return env
}
