import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { get, makeReplicaFixture, type ReplicaFixture } from './helpers.ts'

/*
 * A commit on the followed branch must never replace a replica's runtime state (.cms/: end
 * users, `uak_` hashes, the signing key; .env): git overwrites ignored files on a fast-forward.
 * The sync checks the range first and refuses it whole, keeping the old content and state.
 * One replica in this process that syncs only when asked (interval 0).
 */
let fx: ReplicaFixture
let r: RunningServer
let cloneTop: string
let warnings: string[]

const ORIGINAL_AUTH = '{"users":["the real one"]}\n'

beforeAll(async () => {
  fx = await makeReplicaFixture()
  const contentDir = fx.clone('r')
  cloneTop = join(contentDir, '..')
  // The replica's own runtime state, ignored by git as `cms init` leaves it.
  await mkdir(join(cloneTop, '.cms'), { recursive: true })
  await writeFile(join(cloneTop, '.cms', 'auth.json'), ORIGINAL_AUTH)
  await writeFile(join(cloneTop, '.env'), 'CMS_REPLICA_SECRET=the-real-secret\n')
  warnings = []
  r = await runServer({
    dir: contentDir, port: 0, readOnly: true,
    config: loadConfig({ dir: contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }),
    follow: { spec: 'origin', intervalMs: 0, log: (line) => warnings.push(line) },
  })
})

afterAll(async () => {
  await r?.stop()
  await fx?.cleanup()
})

const sync = async () => {
  const res = await fetch(`${r.http.url}/_replica/sync`, { method: 'POST', headers: { authorization: `Bearer ${fx.admin}` } })
  return { status: res.status, body: await res.json() as any }
}

/** Commits whatever `change` does in the writer's repository (forced past .gitignore) and pushes it. */
const pushChange = async (message: string, change: (top: string) => Promise<void>, add: string[]) => {
  await change(fx.source.repo)
  fx.source.git('add', '-f', '-A', '--', ...add)
  fx.source.git('commit', '-q', '-m', message)
  fx.source.git('push', '-q', 'origin', 'main')
  return fx.source.git('rev-parse', 'HEAD')
}
/** Removes the paths from the branch (untracked in the writer's repository), so the net range is clean again. */
const untrack = (paths: string[]) => {
  fx.source.git('rm', '-r', '-q', '--cached', '--', ...paths)
  fx.source.git('commit', '-q', '-m', 'untrack')
  fx.source.git('push', '-q', 'origin', 'main')
  return fx.source.git('rev-parse', 'HEAD')
}

async function expectRefused(code: string, pattern: RegExp, loggedPath: string) {
  const before = (await get(r.http.url, '/_replica', fx.projectId)).body.commit
  const res = await sync()
  expect(res.status).toBe(409)
  expect(res.body.error).toMatchObject({ code, message: expect.stringMatching(pattern) })
  // Still at the old commit; the clone's HEAD did not move, the state is the replica's own.
  expect(res.body.commit).toBe(before)
  expect(fx.gitIn(cloneTop, 'rev-parse', 'HEAD')).toBe(before)
  expect(await readFile(join(cloneTop, '.cms', 'auth.json'), 'utf8')).toBe(ORIGINAL_AUTH)
  expect(await readFile(join(cloneTop, '.env'), 'utf8')).toBe('CMS_REPLICA_SECRET=the-real-secret\n')
  // The status is public: no local path and no file list in it; the log names the file.
  expect(JSON.stringify(res.body.error)).not.toContain(cloneTop)
  if (loggedPath !== '.env') expect(JSON.stringify(res.body.error)).not.toContain(loggedPath)
  expect(warnings.join('\n')).toContain(loggedPath)
  expect((await get(r.http.url, '/_replica', fx.projectId)).body.error.code).toBe(code)
}

describe('a sync refuses a range that touches runtime state or leaves the content folder', () => {
  it('a pushed .cms/auth.json (an attacker\'s admin key) is refused; the replica keeps its own users and commit', async () => {
    await pushChange('take over', async (top) => {
      await mkdir(join(top, '.cms'), { recursive: true })
      await writeFile(join(top, '.cms', 'auth.json'), '{"users":["attacker"],"keys":[{"scopes":["admin"]}]}\n')
    }, ['.cms/auth.json'])
    await expectRefused('refused_paths', /runtime state folder/, '.cms/auth.json')
    // Removed again upstream: the net range no longer touches it, and the replica follows again.
    const fixed = untrack(['.cms'])
    const res = await sync()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ commit: fixed, error: null })
    expect(await readFile(join(cloneTop, '.cms', 'auth.json'), 'utf8')).toBe(ORIGINAL_AUTH)
  })

  it('a content file renamed to .env (a rename counts on both sides) is refused', async () => {
    const { uuid } = await fx.publish('Renamed away')
    expect((await sync()).status).toBe(200)
    const entry = `content/entries/articles/${uuid}.json`
    fx.source.git('mv', '-f', entry, '.env')
    fx.source.git('commit', '-q', '-m', 'rename into .env')
    fx.source.git('push', '-q', 'origin', 'main')
    await expectRefused('refused_paths', /named \.env/, '.env')
    // The entry is still served: the old content stays.
    expect((await get(r.http.url, `/articles/${uuid}`, fx.projectId)).status).toBe(200)
    fx.source.git('mv', '-f', '.env', entry)
    fx.source.git('commit', '-q', '-m', 'rename back')
    fx.source.git('push', '-q', 'origin', 'main')
    expect((await sync()).status).toBe(200)
  })

  it('a file outside the content folder, and a symbolic link inside it, are refused', async () => {
    await pushChange('readme', async (top) => writeFile(join(top, 'README.md'), '# changed\n'), ['README.md'])
    await expectRefused('refused_paths', /outside the content folder/, 'README.md')
    fx.source.git('revert', '--no-edit', 'HEAD')
    fx.source.git('push', '-q', 'origin', 'main')
    expect((await sync()).status).toBe(200)

    const link = 'content/assets/0b9e6f4e-1b7a-4a8e-9f4e-1b7a4a8e9f4e/secret.txt'
    await pushChange('link', async (top) => {
      await mkdir(join(top, 'content/assets/0b9e6f4e-1b7a-4a8e-9f4e-1b7a4a8e9f4e'), { recursive: true })
      await symlink('../../../.env', join(top, link))
    }, [link])
    await expectRefused('refused_paths', /symbolic links/, link)
    untrack([link])
    expect((await sync()).body.error).toBeNull()
  })
})
