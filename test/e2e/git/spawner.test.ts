import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { git, GitError } from '../../../src/git/exec.ts'
import { spawnViaHelper } from '../../../src/core/spawner.ts'

/**
 * git runs in children of a small helper process (src/core/spawner.ts), never forked from this
 * one: the answers, errors, timeouts and aborts are those of a child started here.
 */
describe('the git spawner', () => {
  let dir = ''
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'cms-spawner-')) })
  afterAll(async () => { await rm(dir, { recursive: true, force: true }) })

  it('runs git with its input, environment and folder, and answers its bytes', async () => {
    await git(['init', '-q'], { cwd: dir })
    const hash = await git(['hash-object', '-w', '--stdin'], { cwd: dir, input: 'héllo\n' })
    expect(hash.stdout.trim()).toMatch(/^[0-9a-f]{40}$/)
    const blob = await git(['cat-file', 'blob', hash.stdout.trim()], { cwd: dir })
    expect(blob.bytes.equals(Buffer.from('héllo\n'))).toBe(true)
    const env = await git(['var', 'GIT_AUTHOR_IDENT'], { cwd: dir, env: { GIT_AUTHOR_NAME: 'Ada Spawned', GIT_AUTHOR_EMAIL: 'ada@example.com' } })
    expect(env.stdout).toContain('Ada Spawned <ada@example.com>')
  })

  it('starts commands from the helper, not from this process', async () => {
    const { stdout } = await spawnViaHelper({ command: 'sh', args: ['-c', 'echo $PPID'], cwd: dir, env: { PATH: process.env.PATH! } })
    const parent = Number(stdout.toString().trim())
    expect(parent).toBeGreaterThan(0)
    expect(parent).not.toBe(process.pid)
  })

  it('says what git said when it fails, and accepts the exit codes it is told to', async () => {
    await expect(git(['cat-file', 'blob', 'nope'], { cwd: dir })).rejects.toThrow(GitError)
    await expect(git(['cat-file', 'blob', 'nope'], { cwd: dir })).rejects.toMatchObject({ exitCode: 128 })
    await expect(git(['diff', '--no-index', '--quiet', '/dev/null', join(dir, '.git', 'HEAD')], { cwd: dir, okCodes: [1] })).resolves.toMatchObject({ code: 1 })
  })

  it('a git that is not on PATH is named as such', async () => {
    await expect(git(['status'], { cwd: dir, env: { PATH: join(dir, 'no-such-bin') } })).rejects.toThrow('git is not installed or not on PATH')
  })

  it('ends a command on timeout and on abort, and the helper serves the next one', async () => {
    const slow = await spawnViaHelper({ command: 'sleep', args: ['5'], cwd: dir, env: { PATH: process.env.PATH! }, timeoutMs: 100 })
    expect(slow).toMatchObject({ code: null, signal: 'SIGTERM' })
    const abort = new AbortController()
    const started = Date.now()
    const aborted = spawnViaHelper({ command: 'sleep', args: ['5'], cwd: dir, env: { PATH: process.env.PATH! }, signal: abort.signal })
    setTimeout(() => abort.abort(), 50)
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    expect(Date.now() - started).toBeLessThan(4000)
    await expect(git(['rev-parse', '--git-dir'], { cwd: dir })).resolves.toMatchObject({ stdout: '.git\n' })
  })
})
