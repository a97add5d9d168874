import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CMS_BIN } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { waitFor } from '../git/helpers.ts'

/**
 * Issue 17, item 1: a server killed outright (SIGKILL, its process group or its `cms serve`
 * alone) can be started again at once. The server a respawn started stops itself a moment
 * after its parent, and a killed process stays a zombie until someone collects it: neither
 * may make the next `cms serve` refuse with "Another cms server is already serving".
 */
const linux = existsSync('/proc/self/stat')
const respawn = { CMS_SERVE_RESPAWN: '' }

interface Started { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** `cms serve` (or `command` running it) in its own process group, as a supervisor starts it. */
function start(p: TempProject, env: Record<string, string>, command?: string[]): Started {
  const args = command ?? [CMS_BIN, 'serve', '--port', '0', '--dir', p.contentDir]
  const child = spawn(command ? '/bin/sh' : process.execPath, args, {
    env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  started.push(child)
  return { child, output: () => out, exited }
}

const ready = (s: Started) => waitFor(() => /url:\s+http/.test(s.output()) || s.child.exitCode !== null, 'cms serve to print its URL or exit')
const holderPid = (p: TempProject): number => (JSON.parse(readFileSync(join(p.stateDir, 'server.json'), 'utf8')) as { pid: number }).pid
const state = (pid: number): string | null => { try { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); return s.slice(s.lastIndexOf(')') + 2, s.lastIndexOf(')') + 3) } catch { return null } }
const running = (pid: number): boolean => { const s = state(pid); return s !== null && s !== 'Z' && s !== 'X' }

const started: ChildProcess[] = []
const extraPids: number[] = []
let p: TempProject
beforeAll(async () => { p = await makeProject(blogTemplate()) })
afterAll(async () => {
  for (const child of started) try { process.kill(-child.pid!, 'SIGKILL') } catch { /* gone */ }
  for (const pid of extraPids) try { process.kill(pid, 'SIGKILL') } catch { /* gone */ }
  await waitFor(() => !started.some((c) => c.exitCode === null && c.signalCode === null) || 'no-wait', 'the servers to stop')
  await p.cleanup()
})

/** Starts a new server at once and expects it to serve; then stops it gracefully. */
async function restartsAtOnce(env: Record<string, string>): Promise<void> {
  const next = start(p, env)
  await ready(next)
  expect(next.output()).not.toMatch(/already serving/)
  expect(next.output()).toMatch(/url:\s+http/)
  process.kill(-next.child.pid!, 'SIGTERM')
  expect(await next.exited).toBe(0)
}

describe.skipIf(!linux || process.platform !== 'linux')('a restart right after a kill -9', () => {
  test('kill -9 of the process group of a respawning `cms serve`, then `cms serve` at once: the new one serves', async () => {
    {
      const first = start(p, respawn)
      await ready(first)
      const child = holderPid(p)
      expect(child).not.toBe(first.child.pid)
      process.kill(-first.child.pid!, 'SIGKILL')
      await restartsAtOnce(respawn)
      expect(running(child)).toBe(false)
    }
  })

  test('kill -9 of the `cms serve` command alone, its server held up (stopped) so it cannot leave yet: the new one waits for it, then serves', async () => {
    const first = start(p, respawn)
    await ready(first)
    const child = holderPid(p)
    extraPids.push(child)
    // The server cannot notice its parent is gone until it runs again: the new one must wait, not refuse.
    process.kill(child, 'SIGSTOP')
    first.child.kill('SIGKILL')
    const next = start(p, respawn)
    await waitFor(() => /waiting for the cms server .* that is stopping/.test(next.output()) || next.child.exitCode !== null, 'the new server to wait')
    expect(next.child.exitCode).toBeNull()
    process.kill(child, 'SIGCONT')
    await ready(next)
    expect(next.output()).toMatch(/url:\s+http/)
    expect(running(child)).toBe(false)
    process.kill(-next.child.pid!, 'SIGTERM')
    expect(await next.exited).toBe(0)
  })

  test('a holder killed but never collected (a zombie: its parent does not reap) counts as gone', async () => {
    // The server's parent becomes `sleep`, which never waits for it: killed, it stays a zombie.
    const holder = start(p, { CMS_SERVE_RESPAWN: '0' }, ['-c', `"${process.execPath}" "${CMS_BIN}" serve --port 0 --dir "${p.contentDir}" & exec sleep 600`])
    await ready(holder)
    const pid = holderPid(p)
    process.kill(pid, 'SIGKILL')
    await waitFor(() => state(pid) === 'Z', 'the killed server to be a zombie')
    await restartsAtOnce({ CMS_SERVE_RESPAWN: '0' })
    expect(state(pid)).toBe('Z')
  })

  test('a live server is still refused', async () => {
    const first = start(p, { CMS_SERVE_RESPAWN: '0' })
    await ready(first)
    const second = start(p, { CMS_SERVE_RESPAWN: '0' })
    expect(await second.exited).not.toBe(0)
    expect(second.output()).toMatch(/Another cms server \(pid \d+.*\) is already serving/)
    process.kill(-first.child.pid!, 'SIGTERM')
    expect(await first.exited).toBe(0)
  })
})
