import { afterAll, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, rm, access } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cms, serve } from '../../helpers/cli.ts'
import { sharedFixturePath } from '../../helpers/templates.ts'

const blog = fileURLToPath(new URL('../../fixtures/blog-template.json', import.meta.url))
const dirs: string[] = []
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'cms-cli-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => { for (const d of dirs) await rm(d, { recursive: true, force: true }) })
const exists = (p: string) => access(p).then(() => true, () => false)
const projectId = async (content: string) => /^uuid: (\S+)$/m.exec(await readFile(join(content, 'project.yaml'), 'utf8'))![1]!

describe('cms CLI (foundation)', () => {
  it('prints help for the program and its commands', async () => {
    const top = await cms(['--help'])
    expect(top.code).toBe(0)
    for (const command of ['init', 'import', 'serve']) {
      expect(top.stdout).toContain(command)
      const sub = await cms([command, '--help'])
      expect(sub.code).toBe(0)
      expect(sub.stdout).toContain('--dir')
    }
  })

  it('init scaffolds a project, ignores .cms/, and refuses to overwrite without --force', async () => {
    const dir = await tempDir()
    const content = join(dir, 'content')
    const first = await cms(['init', content, '--json'])
    expect(first.code).toBe(0)
    const result = JSON.parse(first.stdout) as { uuid: string }
    const yaml = await readFile(join(content, 'project.yaml'), 'utf8')
    expect(yaml).toMatch(new RegExp(`^uuid: ${result.uuid}$`, 'm'))
    expect(yaml).toMatch(/^default_locale: en$/m)
    expect(yaml).toMatch(/^api: public$/m)
    expect(await exists(join(content, 'collections', 'posts.yaml'))).toBe(true)
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toContain('.cms/')
    const again = await cms(['init', content])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already exists.*--force/)
    const forced = await cms(['init', content, '--force', '--json'])
    expect(forced.code).toBe(0)
    expect(await projectId(content)).toBe((JSON.parse(forced.stdout) as { uuid: string }).uuid)
  })

  it('import reports a JSON summary and a bad template exits 1 with the reason', async () => {
    const dir = await tempDir()
    const r = await cms(['import', blog, '--dir', join(dir, 'content'), '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ collections: 4, entries: 11, published: 10, drafts: 1 })
    const bad = await cms(['import', join(dir, 'content', 'project.yaml'), '--dir', join(dir, 'other')])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/not a valid template/)
  })

  it('serve answers, holds the one-writer lock, and exits 0 on SIGTERM removing server.json', async () => {
    const dir = await tempDir()
    const content = join(dir, 'content')
    await cms(['import', blog, '--dir', content])
    const server = await serve(['--dir', content])
    expect(server.output()).toMatch(/project id:\s+[0-9a-f-]{36}/)
    expect(server.output()).toMatch(/loaded:\s+11 entries/)
    const res = await fetch(`${server.url}/articles`, { headers: { 'project-id': await projectId(content) } })
    expect(res.status).toBe(200)
    const info = JSON.parse(await readFile(join(dir, '.cms', 'server.json'), 'utf8')) as { pid: number; port: number }
    expect(info.pid).toBe(server.child.pid)
    const second = await cms(['serve', '--dir', content, '--port', '0'])
    expect(second.code).toBe(2)
    expect(second.stderr).toMatch(/Another cms server \(pid \d+/)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(await exists(join(dir, '.cms', 'server.json'))).toBe(false)
  })

  it('a server killed with SIGKILL restarts cleanly, taking over the stale lock with a warning', async () => {
    const dir = await tempDir()
    const content = join(dir, 'content')
    await cms(['import', blog, '--dir', content])
    const first = await serve(['--dir', content])
    first.child.kill('SIGKILL')
    await first.exited
    const second = await serve(['--dir', content])
    expect(second.output()).toMatch(/took over a stale lock from pid \d+/)
    second.child.kill('SIGINT')
    expect(await second.exited).toBe(0)
  })

  it('an explicitly requested port that is taken is an error, not a silent move', async () => {
    const dir = await tempDir()
    const content = join(dir, 'content')
    await cms(['import', blog, '--dir', content])
    const first = await serve(['--dir', content, '--read-only'])
    const port = new URL(first.url).port
    const clash = await cms(['serve', '--dir', content, '--read-only', '--port', port])
    expect(clash.code).toBe(2)
    expect(clash.stderr).toMatch(new RegExp(`Port ${port}.*in use`))
    first.child.kill('SIGTERM')
    await first.exited
  })

  it.skipIf(!sharedFixturePath('pagination-example.json'))('imports the hosted pagination template and serves its 40 articles', async () => {
    const dir = await tempDir()
    const content = join(dir, 'x', 'content')
    const r = await cms(['import', sharedFixturePath('pagination-example.json')!, '--dir', content])
    expect(r.code).toBe(0)
    const server = await serve(['--dir', content])
    const list = (await (await fetch(`${server.url}/articles`, { headers: { 'project-id': await projectId(content) } })).json()) as Array<{ fields: { views: unknown } }>
    expect(list).toHaveLength(40)
    expect(typeof list[0]!.fields.views).toBe('number')
    server.child.kill('SIGTERM')
    await server.exited
  })
})
