import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { template } from './setup.ts'

/**
 * Issue 17, item 7: the one-writer lock and the state folder are keyed on the content root's
 * real path. A second path to the same folder (a symlink) finds the same lock: a second server
 * through it refuses, CLI commands through it go through the running server, `fmt` refuses.
 */
let project: TempProject
let alias: string
let aliasContent: string
beforeAll(async () => {
  project = await makeProject(template)
  alias = await mkdtemp(join(tmpdir(), 'cms-alias-'))
  aliasContent = join(alias, 'content')
  await symlink(project.contentDir, aliasContent)
})
afterAll(async () => {
  await project.cleanup()
  await rm(alias, { recursive: true, force: true })
})

const slugsStored = async (slug: string): Promise<string[]> => {
  const dir = join(project.contentDir, 'entries', 'articles')
  const names = await readdir(dir).catch(() => [] as string[])
  const all = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as { fields: { slug?: string } }))
  return all.map((e) => e.fields.slug ?? '').filter((s) => s === slug)
}

describe('the one-writer lock through a symlinked content root (issue 17, item 7)', () => {
  it('parallel CLI writers through the real path and a link to it take turns: one unique slug is stored once', async () => {
    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      cms(['entry', 'create', 'articles', '--dir', i % 2 === 0 ? project.contentDir : aliasContent, '--json', '--data', JSON.stringify({ title: `Racer ${i}`, slug: 'one-slug' })])))
    expect(runs.filter((r) => r.code === 0), runs.map((r) => r.stderr).join('\n')).toHaveLength(1)
    expect(await slugsStored('one-slug')).toHaveLength(1)
    // No second state folder beside the link.
    expect(existsSync(join(alias, '.cms'))).toBe(false)
  })

  describe('with a server on the real path', () => {
    let server: ServeProcess
    beforeAll(async () => { server = await serve(['--dir', project.contentDir]) })
    afterAll(async () => {
      server.child.kill('SIGTERM')
      await server.exited
    })

    it('a second server through the link refuses', async () => {
      const second = await cms(['serve', '--port', '0', '--dir', aliasContent])
      expect(second.code).not.toBe(0)
      expect(second.stderr).toMatch(/Another cms server \(pid \d+.*\) is already serving/)
    })

    it('a write through the link goes through the server, which refuses the same unique slug', async () => {
      const first = await cms(['entry', 'create', 'articles', '--dir', aliasContent, '--json', '--data', JSON.stringify({ title: 'Via the link', slug: 'linked-slug' })])
      expect(first.code, first.stderr).toBe(0)
      // The request log line is written when the answer is sent: the CLI may have it first.
      await expect.poll(() => server.output()).toMatch(/POST \/articles/)
      const again = await cms(['entry', 'create', 'articles', '--dir', project.contentDir, '--json', '--data', JSON.stringify({ title: 'Via the path', slug: 'linked-slug' })])
      expect(again.code).toBe(1)
      expect(await slugsStored('linked-slug')).toHaveLength(1)
      expect(existsSync(join(alias, '.cms'))).toBe(false)
    })

    it('`cms fmt` through the link refuses while the server runs', async () => {
      const fmt = await cms(['fmt', '--dir', aliasContent])
      expect(fmt.code).toBe(2)
      expect(fmt.stderr).toMatch(/is serving .*cms fmt/)
    })
  })
})
