import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { CMS_BIN, cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { waitFor } from '../git/helpers.ts'

/**
 * `cms serve` started without the V8 flags it needs (cli/serve-flags.ts) runs itself again with
 * them. The tests run with CMS_SERVE_RESPAWN=0 (vitest.config.ts); these turn it back on.
 */
const linux = existsSync('/proc/self/cmdline')
const respawn = { CMS_SERVE_RESPAWN: '' }
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function project(): Promise<TempProject> {
  const p = await makeProject(blogTemplate())
  cleanups.push(() => p.cleanup())
  return p
}

async function started(p: TempProject, env: Record<string, string>): Promise<ServeProcess> {
  const s = await serve(['--dir', p.contentDir], { env })
  cleanups.push(async () => { if (s.child.exitCode === null && s.child.signalCode === null) { s.child.kill('SIGKILL'); await s.exited.catch(() => {}) } })
  return s
}

const serverPid = (p: TempProject): number => (JSON.parse(readFileSync(join(p.stateDir, 'server.json'), 'utf8')) as { pid: number }).pid
const alive = (pid: number): boolean => { try { process.kill(pid, 0); return true } catch { return false } }
const cmdline = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')

describe.skipIf(!linux)('cms serve without the V8 flags of npm start', () => {
  test('serves from a child that has them, and a SIGTERM to the command stops it gracefully, exit 0', async () => {
    const p = await project()
    const s = await started(p, respawn)
    const pid = serverPid(p)
    expect(pid).not.toBe(s.child.pid)
    expect(cmdline(pid)).toEqual(expect.arrayContaining(['--no-memory-reducer', '--min-semi-space-size=16']))
    expect((await fetch(`${s.url}/`)).status).toBeLessThan(500)
    s.child.kill('SIGTERM')
    expect(await s.exited).toBe(0)
    expect(s.output()).toContain('SIGTERM: finishing in-flight writes')
    expect(alive(pid)).toBe(false)
    expect(existsSync(join(p.stateDir, 'server.json'))).toBe(false)
  })

  test('a command killed outright (SIGKILL) takes its server with it', async () => {
    const p = await project()
    const s = await started(p, respawn)
    const pid = serverPid(p)
    s.child.kill('SIGKILL')
    await s.exited.catch(() => {})
    await waitFor(() => !alive(pid), 'the server to stop with the command')
  })

  test('a server that cannot start exits with the code it would have without the respawn', async () => {
    const p = await project()
    const taken = createServer().listen(0, '127.0.0.1')
    await new Promise((r) => taken.once('listening', r))
    cleanups.push(() => new Promise((r) => taken.close(() => r())))
    const port = String((taken.address() as { port: number }).port)
    const direct = await cms(['serve', '--dir', p.contentDir, '--port', port])
    const viaChild = await cms(['serve', '--dir', p.contentDir, '--port', port], { env: respawn })
    expect(direct.code).not.toBe(0)
    expect(viaChild.code).toBe(direct.code)
    expect(viaChild.stderr).toBe(direct.stderr)
  })

  test('with the flags given (npm start), serves in the same process', async () => {
    const p = await project()
    const child = spawn(process.execPath, ['--no-memory-reducer', '--min-semi-space-size=16', CMS_BIN, 'serve', '--port', '0', '--dir', p.contentDir], {
      env: { ...process.env, ...respawn }, stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    cleanups.push(async () => { if (child.exitCode === null && child.signalCode === null) { child.kill('SIGKILL'); await exited } })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    await waitFor(() => /url:/.test(out) || child.exitCode !== null, 'cms serve to print its URL')
    expect(serverPid(p)).toBe(child.pid)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
