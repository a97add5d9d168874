import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { withFileLock } from '../../../src/storage/file-lock.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function liveProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()))
  cleanups.push(async () => { child.kill('SIGKILL'); await new Promise((r) => child.once('exit', r)) })
  return child
}

describe('the token file lock waits as long as the work needs', () => {
  test('a queue of holders taking turns: waits past the per-holder limit in total, then runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-lock-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const path = join(dir, 'tokens.lock')
    const [a, b] = [await liveProcess(), await liveProcess()]
    await writeFile(path, String(a.pid))
    const started = Date.now()
    // Each holder keeps it 250 ms (under the 400 ms limit); together 500 ms (over it).
    const handover = (async () => {
      await new Promise((r) => setTimeout(r, 250))
      await writeFile(path, String(b.pid))
      await new Promise((r) => setTimeout(r, 250))
      await rm(path)
    })()
    const ran = await withFileLock(path, 'tokens.yaml', async () => Date.now() - started, 400)
    await handover
    expect(ran).toBeGreaterThanOrEqual(450)
  })

  test('one holder that keeps it past the limit: a clear message naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-lock-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const path = join(dir, 'tokens.lock')
    const holder = await liveProcess()
    await writeFile(path, String(holder.pid))
    await expect(withFileLock(path, 'tokens.yaml', async () => 'ran', 200)).rejects.toThrow(new RegExp(`another cms command \\(pid ${holder.pid}\\) has held its lock .* remove ${path.replace(/[.]/g, '\\.')}`))
  })
})
