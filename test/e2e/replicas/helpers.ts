import { execFileSync } from 'node:child_process'
import { request } from 'node:http'
import { createHmac } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeGitProject, type GitProject } from '../git/helpers.ts'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { createEntry, updateEntry } from '../../../src/service/entries/write.ts'
import { serve, type ServeProcess } from '../../helpers/cli.ts'

export const SECRET = 'replica-test-secret'

/**
 * The writer's side (a project in a git repository, pushed to a bare repository in a temp
 * dir) and clones of that bare repository for replicas. Content is written through the
 * service layer, then committed and pushed with the real git, as a writer with
 * `--git-commit` and a push would.
 */
export interface ReplicaFixture {
  source: GitProject
  bare: string
  projectId: string
  /** Admin (`*`) and read-only tokens, in the committed tokens.yaml. */
  admin: string
  reader: string
  /** Clones `bare` into a new folder; returns its content root. */
  clone(name: string): string
  /** git in any folder (a clone), with the test's identity. */
  gitIn(dir: string, ...args: string[]): string
  /** Creates a published article, commits and pushes it; returns its uuid and the new commit. */
  publish(title: string): Promise<{ uuid: string; commit: string }>
  /** Changes an article's title, commits and pushes. */
  retitle(uuid: string, title: string): Promise<{ commit: string }>
  cleanup(): Promise<void>
}

export async function makeReplicaFixture(): Promise<ReplicaFixture> {
  const source = await makeGitProject()
  const root = await mkdtemp(join(tmpdir(), 'cms-replica-'))
  const bare = join(root, 'bare.git')
  const gitIn = (dir: string, ...args: string[]) => execFileSync('git', args, {
    cwd: dir, encoding: 'utf8',
    env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined, GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'w@example.com', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'w@example.com' } as NodeJS.ProcessEnv,
  }).trimEnd()
  gitIn(root, 'init', '-q', '--bare', '-b', 'main', bare)
  source.git('remote', 'add', 'origin', bare)
  const writer = await createContext({ config: loadConfig({ dir: source.contentDir, env: {} }), source: 'cli', deliver: false })
  const admin = (await createToken(writer.store, { name: 'deploy', abilities: ['*'] })).token
  const reader = (await createToken(writer.store, { name: 'site', abilities: ['read'] })).token
  const push = (message: string) => {
    source.git('add', '-A')
    source.git('commit', '-q', '-m', message)
    source.git('push', '-q', 'origin', 'main')
    return source.git('rev-parse', 'HEAD')
  }
  push('tokens')
  return {
    source, bare, projectId: writer.store.project.uuid, admin, reader, gitIn,
    clone(name) {
      const dir = join(root, name)
      gitIn(root, 'clone', '-q', bare, dir)
      return join(dir, 'content')
    },
    async publish(title) {
      const { data } = await createEntry(writer, 'articles', { data: { title, body: `Body of ${title}` }, state: 'published' })
      return { uuid: data.uuid as string, commit: push(`add ${title}`) }
    },
    async retitle(uuid, title) {
      await updateEntry(writer, 'articles', uuid, { data: { title, body: `Body of ${title}` }, state: 'published' }, 'patch')
      return { commit: push(`retitle ${title}`) }
    },
    async cleanup() {
      await writer.close()
      await source.cleanup()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** `cms serve --read-only --follow origin` on a clone, as a deployment runs it (a real process). */
export function serveReplica(contentDir: string, extra: string[] = []): Promise<ServeProcess> {
  return serve(['--dir', contentDir, '--read-only', '--follow', 'origin', '--follow-interval', '1', ...extra], { env: { CMS_REPLICA_SECRET: SECRET } })
}

/** Stops a served process and waits for it to exit. */
export async function stop(p: ServeProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return
  p.child.kill('SIGTERM')
  await p.exited
}

/** `sha256=<hex>` as GitHub and Gitea sign a webhook body. */
export const sign = (body: string, secret = SECRET): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

/** Polls `check` (never a fixed sleep) until it returns a value; fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * GET with the project header; the body parsed when it is JSON. node:http rather than fetch,
 * which will not send a `Host` of our choosing (the bodies' links are built from it).
 */
export function get(base: string, path: string, projectId: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'project-id': projectId, accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let body: unknown = null
        try {
          body = JSON.parse(text)
        } catch {
          // Not JSON.
        }
        const out = new Headers()
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value)
        resolve({ status: res.statusCode ?? 0, body, text, headers: out })
      })
    })
    req.on('error', reject)
    req.end()
  })
}
