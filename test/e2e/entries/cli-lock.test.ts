import { afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { CMS_BIN, cms } from '../../helpers/cli.ts'
import { template } from './setup.ts'
import { acquireWriterLock } from '../../../src/storage/lock.ts'

/**
 * Issue 12, defect 8: CLI commands that write without a server take the one-writer lock for
 * their whole run, so unique and singleton rules hold across processes.
 */
let project: TempProject | undefined
afterEach(async () => {
  await project?.cleanup()
  project = undefined
})

const storedEntries = async (slug: string) => {
  const dir = join(project!.contentDir, 'entries', slug)
  const names = await readdir(dir).catch(() => [] as string[])
  return Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { fields: Record<string, unknown>; locale: string }))
}

describe('CLI writers without a server (issue 12, defect 8)', () => {
  it('eight parallel `cms entry create` with one unique value: exactly one succeeds, the others get 422', async () => {
    project = await makeProject(template)
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      cms(['entry', 'create', 'articles', '--dir', project!.contentDir, '--json', '--data', JSON.stringify({ title: `Racer ${i}`, slug: 'the-one-slug' })])))
    const ok = runs.filter((r) => r.code === 0)
    expect(ok, runs.map((r) => r.stderr).join('\n')).toHaveLength(1)
    for (const r of runs.filter((x) => x.code !== 0)) {
      expect(r.code).toBe(1)
      expect(`${r.stdout}${r.stderr}`).toMatch(/slug/i)
    }
    const stored = (await storedEntries('articles')).filter((e) => e.fields.slug === 'the-one-slug')
    expect(stored).toHaveLength(1)
  })

  it('eight parallel creates in a singleton collection leave exactly one entry', async () => {
    project = await makeProject(template)
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      cms(['entry', 'create', 'settings', '--dir', project!.contentDir, '--json', '--data', JSON.stringify({ site_name: `Site ${i}` })])))
    expect(runs.filter((r) => r.code === 0)).toHaveLength(1)
    expect(await storedEntries('settings')).toHaveLength(1)
  })

  it('a command finding the lock held by another CLI writer waits for it, then runs', async () => {
    project = await makeProject(template)
    const held = await acquireWriterLock(project.stateDir, project.contentDir)
    expect(held.ok).toBe(true)
    const child = spawn(process.execPath, [CMS_BIN, 'entry', 'create', 'authors', '--dir', project.contentDir, '--json', '--data', '{"name":"Waited"}'], {
      env: { ...process.env, CMS_LOCK_WAIT_MS: '60000' }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let stdout = ''
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      if (stderr.includes('waiting for another cms command')) resolve()
    }))
    expect(stderr).toContain(`pid ${process.pid}`)
    // While we hold the lock it has written nothing.
    expect(await storedEntries('authors')).toHaveLength(0)
    expect(child.exitCode).toBeNull()
    if (held.ok) await held.release()
    expect(await exited).toBe(0)
    expect(JSON.parse(stdout).fields.name).toBe('Waited')
    expect((await storedEntries('authors')).map((e) => e.fields.name)).toEqual(['Waited'])
  })

  it('gives up after CMS_LOCK_WAIT_MS with a clear message and exit 2, writing nothing', async () => {
    project = await makeProject(template)
    const held = await acquireWriterLock(project.stateDir, project.contentDir)
    try {
      const r = await cms(['entry', 'create', 'authors', '--dir', project.contentDir, '--data', '{"name":"Too late"}'], { env: { CMS_LOCK_WAIT_MS: '300' } })
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(new RegExp(`another cms command \\(pid ${process.pid}\\)`))
      expect(r.stderr).toContain('CMS_LOCK_WAIT_MS')
      expect(await storedEntries('authors')).toHaveLength(0)
    } finally {
      if (held.ok) await held.release()
    }
  })

  it('`cms serve` started while a CLI command holds the lock waits for it, then takes the lock', async () => {
    project = await makeProject(template)
    const held = await acquireWriterLock(project.stateDir, project.contentDir)
    expect(held.ok).toBe(true)
    const child = spawn(process.execPath, [CMS_BIN, 'serve', '--port', '0', '--dir', project.contentDir], {
      env: { ...process.env, CMS_LOCK_WAIT_MS: '60000' }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
    const waiters: Array<() => void> = []
    const onData = (d: Buffer) => { out += d.toString(); for (const check of waiters) check() }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const seen = (pattern: RegExp) => new Promise<void>((resolve) => waiters.push(() => { if (pattern.test(out)) resolve() }))
    const waiting = seen(/waiting for a cms command \(pid \d+\)/)
    const listening = seen(/url:\s+http:\/\//)
    try {
      await waiting
      expect(out).toContain(`pid ${process.pid}`)
      expect(JSON.parse(await readFile(join(project.stateDir, 'server.json'), 'utf8'))).toMatchObject({ pid: process.pid, kind: 'cli' })
      if (held.ok) await held.release()
      await listening
      expect(JSON.parse(await readFile(join(project.stateDir, 'server.json'), 'utf8'))).toMatchObject({ pid: child.pid, kind: 'server' })
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
