import { afterAll, describe, expect, it } from 'vitest'
import { makeProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'

const project = await makeProject(blogTemplate())
const idle = await makeProject(blogTemplate())
let server: ServeProcess | undefined
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await project.cleanup()
  await idle.cleanup()
})

const exchange = (url: string) => fetch(url, { redirect: 'manual' })

describe('cms serve and cms editor-url', () => {
  it('serve prints a one-time editor link; editor-url prints fresh ones (--json), revoke-all signs everyone out', async () => {
    server = await serve(['--dir', project.contentDir])
    const printed = await new Promise<string>((resolve) => {
      const look = () => {
        const m = /^editor: (http:\/\/\S+)$/m.exec(server!.output())
        if (m) resolve(m[1]!)
        else setTimeout(look, 20)
      }
      look()
    })
    expect(printed).toMatch(new RegExp(`^${server.url}/_admin/login\\?ticket=[\\w-]+$`))
    const first = await exchange(printed)
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/_admin/')
    const cookie = /^(cms_session=[\w-]+)/.exec(first.headers.get('set-cookie')!)![1]!
    expect((await exchange(printed)).headers.get('location')).toBe('/_admin/signin?error=link-expired')

    const plain = await cms(['editor-url', '--dir', project.contentDir])
    expect(plain.code, plain.stderr).toBe(0)
    const fresh = plain.stdout.trim()
    expect(fresh).toMatch(/\/_admin\/login\?ticket=/)
    expect(fresh).not.toBe(printed)
    const json = await cms(['editor-url', '--dir', project.contentDir, '--json'])
    expect(json.code).toBe(0)
    const { url } = JSON.parse(json.stdout) as { url: string }
    expect((await exchange(url)).headers.get('location')).toBe('/_admin/')
    // --next: the link leads to that screen once it has signed the person in; a path outside the editor is refused.
    const toChanges = await cms(['editor-url', '--dir', project.contentDir, '--next', '/changes'])
    expect(toChanges.code, toChanges.stderr).toBe(0)
    expect((await exchange(toChanges.stdout.trim())).headers.get('location')).toBe('/_admin/changes')
    const away = await cms(['editor-url', '--dir', project.contentDir, '--next', 'https://evil.example'])
    expect(away.code).toBe(2)
    expect(away.stderr).toMatch(/--next must be a path inside the editor/)

    const session = () => fetch(`${server!.url}/_admin/api/session`, { headers: { cookie } })
    expect((await session()).status).toBe(200)
    const revoked = await cms(['editor-url', '--dir', project.contentDir, '--revoke-all', '--json'])
    expect(revoked.code, revoked.stderr).toBe(0)
    expect((JSON.parse(revoked.stdout) as { revoked: number }).revoked).toBeGreaterThanOrEqual(2)
    expect((await session()).status).toBe(401)
    expect((await exchange(fresh)).headers.get('location')).toBe('/_admin/signin?error=link-expired')
  })

  it('editor-url without a running server exits 2 and says how to start one', async () => {
    const res = await cms(['editor-url', '--dir', idle.contentDir])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/No cms server is running/)
    expect(res.stderr).toMatch(/cms serve/)
    const json = await cms(['editor-url', '--dir', idle.contentDir, '--json'])
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toHaveProperty('error.message')
  })

  it('editor-url --help documents its options', async () => {
    const res = await cms(['editor-url', '--help'])
    expect(res.code).toBe(0)
    for (const flag of ['--dir', '--json', '--next', '--open', '--revoke-all']) expect(res.stdout).toContain(flag)
  })
})
