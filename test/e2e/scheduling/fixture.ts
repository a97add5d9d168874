import { execFileSync } from 'node:child_process'
import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { hashToken } from '../../../src/service/tokens/manage.ts'

/** Scheduling tests: `posts` (no workflow) and `reviewed` (`workflow: review`), in a git repository. */
export const template = {
  name: 'Scheduling tests', default_locale: 'en', locales: ['en', 'de'], public_api: true,
  collections: [
    { name: 'Posts', slug: 'posts', fields: [field('title', 'text'), field('body', 'longtext')] },
    { name: 'Reviewed', slug: 'reviewed', fields: [field('title', 'text')] },
  ],
  demo_data: [{ collection: 'posts', entries: Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, locale: 'en', state: 'draft', fields: { title: `Post ${i}`, body: `Body ${i}` } })) }],
}

export const ADMIN = 'cms_sched_admin_token_0123456789'
export const EDITOR = 'cms_sched_editor_token_012345678'

export const TEST_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_INSECURE_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', CMS_WEBHOOK_RETRY_BASE_MS: '50', CMS_WEBHOOK_RETRY_JITTER: '0',
}

export interface SchedProject extends TempProject {
  git(...args: string[]): string
}

/** The project with an admin token and an editor token (read, create, update: no admin), committed in a fresh repository. */
export async function makeSchedProject(): Promise<SchedProject> {
  const project = await makeProject(template)
  await appendFile(join(project.contentDir, 'collections', 'reviewed.yaml'), 'workflow: review\n')
  const { ContentStore } = await import('../../../src/storage/store.ts')
  const store = await ContentStore.open(project.contentDir, { indexCache: false })
  const at = new Date().toISOString()
  await store.putTokens([
    { name: 'admin', abilities: ['read', 'create', 'update', 'delete', 'admin'], hash: hashToken(ADMIN), last4: ADMIN.slice(-4), created_at: at, expires_at: null },
    { name: 'Eddie Editor', abilities: ['read', 'create', 'update'], hash: hashToken(EDITOR), last4: EDITOR.slice(-4), created_at: at, expires_at: null },
  ], 'cli')
  await store.flush()
  const git = (...args: string[]) => execFileSync('git', args, { cwd: project.dir, encoding: 'utf8', env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined } as NodeJS.ProcessEnv }).trimEnd()
  git('init', '-q', '-b', 'main', '.')
  git('config', 'user.name', 'Local User')
  git('config', 'user.email', 'local@example.com')
  git('config', 'commit.gpgsign', 'false')
  await writeFile(join(project.dir, '.gitignore'), '.cms/\ntemplate.json\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'base')
  return { ...project, git }
}

/** Polls `check` until it returns something truthy; fails after `ms`. */
export async function until<T>(check: () => T | Promise<T>, what: string, ms = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** An ISO time `ms` from now, with an offset that is not UTC (the API stores UTC). */
export function inMs(ms: number, offset = '+02:00'): string {
  const t = new Date(Date.now() + ms)
  const sign = offset[0] === '-' ? -1 : 1
  const [h, m] = offset.slice(1).split(':').map(Number)
  const local = new Date(t.getTime() + sign * (h! * 60 + m!) * 60_000)
  return `${local.toISOString().slice(0, 23)}${offset}`
}
