import { afterEach, describe, expect, it } from 'vitest'
import { ScopedStorage } from '../../../src/core/scoped-storage.ts'
import { makeGitProject, startGitServer, waitForCommits, type GitProject, type GitServer } from './helpers.ts'

/**
 * Whether Node's AsyncLocalStorage hook is on: while it is, every async resource created gets
 * the store propagated onto it (a `kResourceStore` symbol property), and every read pays for it.
 */
function hookOn(): boolean {
  const timer = setTimeout(() => {}, 0)
  clearTimeout(timer)
  return Object.getOwnPropertySymbols(timer).some((s) => s.description === 'kResourceStore')
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('scoped storage: a store for the length of a scope, and no async hook between scopes', () => {
  it('keeps each of two overlapping scopes\' store across awaits, and turns the hook off when both closed', async () => {
    const storage = new ScopedStorage<string>()
    expect(hookOn()).toBe(false)
    let releaseA!: () => void
    const gateA = new Promise<void>((resolve) => { releaseA = resolve })
    const seen: Array<string | undefined> = []
    const a = storage.run('a', async () => {
      await gateA
      seen.push(storage.getStore())
      return 1
    })
    const b = storage.run('b', async () => {
      await tick()
      expect(hookOn()).toBe(true)
      seen.push(storage.getStore())
      return 2
    })
    // b closes while a is still open: a keeps its store.
    expect(await b).toBe(2)
    expect(storage.open).toBe(1)
    releaseA()
    expect(await a).toBe(1)
    expect(seen).toEqual(['b', 'a'])
    expect(storage.open).toBe(0)
    expect(storage.getStore()).toBeUndefined()
    expect(hookOn()).toBe(false)
  })

  it('closes a scope whose function throws, and opens again for the next one', async () => {
    const storage = new ScopedStorage<number>()
    await expect(storage.run(1, () => { throw new Error('boom') })).rejects.toThrow('boom')
    expect(hookOn()).toBe(false)
    expect(await storage.run(2, () => storage.getStore())).toBe(2)
    expect(hookOn()).toBe(false)
  })
})

describe('a server that took a write leaves no async hook on for the reads after it', () => {
  let p: GitProject | undefined
  let s: GitServer | undefined
  afterEach(async () => {
    await s?.server.close()
    s = undefined
    await p?.cleanup()
    p = undefined
  })

  it('after a committed write and a local-admin request, reads run without the hook, and the commit keeps its author', async () => {
    p = await makeGitProject()
    s = await startGitServer(p)
    const before = p.git('rev-parse', 'HEAD')
    const created = await s.req('/articles', { method: 'POST', json: { data: { title: 'Scoped', body: 'One write.' } } })
    expect(created.status).toBe(201)
    expect(created.headers.get('cms-git')).toBe('pending')
    expect(hookOn()).toBe(false)
    s.server.ctx.localAdminToken = 'local-admin-for-scope'
    const listed = await s.server.request('/articles', { headers: { authorization: 'Bearer local-admin-for-scope' } })
    expect(listed.status).toBe(200)
    expect(hookOn()).toBe(false)
    await waitForCommits(p, before, 'the create commit')
    await s.server.ctx.git!.flush()
    expect(p.git('log', '-1', '--format=%an')).toBe('Ada Lovelace')
    expect(hookOn()).toBe(false)
  })
})
