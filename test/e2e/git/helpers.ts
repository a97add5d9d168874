import { execFileSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { field, makeProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

export const template = {
  name: 'Git tests', default_locale: 'en', locales: ['en', 'de'], public_api: true,
  collections: [
    { name: 'Articles', slug: 'articles', fields: [field('title', 'text'), field('body', 'longtext')] },
  ],
  demo_data: [{ collection: 'articles', entries: [
    { id: 'a1', locale: 'en', state: 'published', fields: { title: 'First post', body: 'The very first body.' } },
  ] }],
}

export interface GitProject {
  /** Top of the git work tree. */
  repo: string
  contentDir: string
  git(...args: string[]): string
  cleanup(): Promise<void>
}

/**
 * A project in a real git repository with one base commit. `subdir` puts the project (content/
 * and .cms/) that deep inside the repository.
 */
export async function makeGitProject(options: { subdir?: string } = {}): Promise<GitProject> {
  const made = await makeProject(template)
  let repo = made.dir
  let projectDir = made.dir
  if (options.subdir) {
    repo = await mkdtemp(join(tmpdir(), 'cms-git-'))
    projectDir = join(repo, options.subdir)
    await mkdir(projectDir, { recursive: true })
    await cp(made.contentDir, join(projectDir, 'content'), { recursive: true })
    await made.cleanup()
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined } as NodeJS.ProcessEnv }).trimEnd()
  git('init', '-q', '-b', 'main', '.')
  git('config', 'user.name', 'Local User')
  git('config', 'user.email', 'local@example.com')
  git('config', 'commit.gpgsign', 'false')
  await writeFile(join(repo, '.gitignore'), '.cms/\n')
  await writeFile(join(repo, 'README.md'), '# site\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'base')
  return { repo, contentDir: join(projectDir, 'content'), git, cleanup: () => rm(repo, { recursive: true, force: true }) }
}

export interface GitServer {
  server: TestServer
  token: string
  req(path: string, init?: { method?: string; json?: unknown; token?: string }): Promise<{ status: number; body: any; headers: Headers }>
}

/** A server committing writes (200 ms window unless `env` says otherwise), with an `editor` token. */
export async function startGitServer(p: GitProject, env: Record<string, string> = {}, tokenName = 'Ada Lovelace'): Promise<GitServer> {
  const server = await startTestServer(p.contentDir, { env: { CMS_GIT_COMMIT: '1', CMS_GIT_WINDOW_MS: '200', ...env } })
  const { token } = await createToken(server.ctx.store, { name: tokenName, abilities: ['*'] })
  // The token file is a write of its own: let it be committed before the test looks at HEAD.
  await server.ctx.git?.flush()
  return {
    server, token,
    async req(path, init = {}) {
      const res = await server.request(path, { method: init.method ?? 'GET', token: init.token ?? token, ...(init.json !== undefined ? { json: init.json } : {}) })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
    },
  }
}

/** Waits (polling git, never a fixed sleep) until `check` holds; fails after 15 s. */
export async function waitFor<T>(check: () => T | undefined | null | false, what: string): Promise<T> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Waits for HEAD to move past `since`; returns the new commits, oldest first. */
export function waitForCommits(p: GitProject, since: string, what = 'a commit'): Promise<string[]> {
  return waitFor(() => {
    const list = p.git('rev-list', '--reverse', `${since}..HEAD`)
    return list ? list.split('\n') : null
  }, what)
}

/** `A path`, `M path`, `D path` lines of one commit. */
export const filesOf = (p: GitProject, commit: string): string[] =>
  p.git('diff-tree', '--no-commit-id', '--root', '-r', '--name-status', commit).split('\n').filter(Boolean).map((l) => l.replace(/\t/, ' ')).sort()
