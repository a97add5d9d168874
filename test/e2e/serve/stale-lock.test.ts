import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { cms, serve } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

const linux = existsSync('/proc/self/stat')
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Some other long-running process: after a container restart, the lock's pid may be one of these. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  cleanups.push(async () => { child.kill('SIGKILL'); await new Promise((r) => child.once('exit', r)) })
  return child
}

async function lockedProject(pid: number, processStart: string): Promise<TempProject> {
  const project = await makeProject(blogTemplate())
  cleanups.push(() => project.cleanup())
  await mkdir(project.stateDir, { recursive: true })
  await writeFile(join(project.stateDir, 'server.json'), JSON.stringify({
    pid, port: 1, host: '127.0.0.1', url: 'http://127.0.0.1:1', token: 'stale', content_dir: project.contentDir,
    started_at: '2026-01-01T00:00:00.000Z', process_start: processStart,
  }))
  return project
}

describe.skipIf(!linux)('a stale .cms/server.json whose pid now belongs to another process', () => {
  test('commands run on the files and cms serve takes the lock over, saying so', async () => {
    const other = await otherProcess()
    const project = await lockedProject(other.pid!, 'a-previous-boot:12345')
    const list = await cms(['entry', 'list', 'articles', '--dir', project.contentDir, '--json'])
    expect(list.code, list.stderr).toBe(0)
    expect(JSON.parse(list.stdout).length).toBeGreaterThan(0)
    const server = await serve(['--dir', project.contentDir])
    cleanups.push(async () => { server.child.kill('SIGTERM'); await server.exited })
    expect(server.output()).toMatch(new RegExp(`took over a stale lock from pid ${other.pid}`))
    const info = JSON.parse(readFileSync(join(project.stateDir, 'server.json'), 'utf8')) as { pid: number; process_start: string }
    expect(info.pid).toBe(server.child.pid)
    expect(info.process_start).toMatch(/:\d+$/)
  })

  test('the same pid with the same process identity still holds the lock', async () => {
    const other = await otherProcess()
    const stat = readFileSync(`/proc/${other.pid}/stat`, 'utf8')
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const project = await lockedProject(other.pid!, `${boot}:${start}`)
    const second = await cms(['serve', '--dir', project.contentDir, '--port', '0'])
    expect(second.code).toBe(2)
    expect(second.stderr).toMatch(new RegExp(`Another cms server \\(pid ${other.pid}`))
  })
})
