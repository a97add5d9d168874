import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { git } from '../../../src/git/exec.ts'
import { localEditorName } from '../../../src/sessions/local-name.ts'

/**
 * A sign-in link's session is named by `git config user.name` of the project's folder, looked up
 * once per folder: two projects served by one process keep their own names (the name was once
 * kept for the whole process, and the first project's was given to every other).
 */
describe('the local editor name', () => {
  const dirs: string[] = []
  afterAll(async () => { for (const d of dirs) await rm(d, { recursive: true, force: true }) })
  const repo = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-local-name-'))
    dirs.push(dir)
    await git(['init', '-q'], { cwd: dir })
    await git(['config', 'user.name', name], { cwd: dir })
    return dir
  }

  it('is each folder\'s git user.name, looked up once per folder', async () => {
    const [ada, grace] = [await repo('Ada Lovelace'), await repo('Grace Hopper')]
    expect(await localEditorName(ada)).toBe('Ada Lovelace')
    expect(await localEditorName(grace)).toBe('Grace Hopper')
    await git(['config', 'user.name', 'Changed Later'], { cwd: ada })
    expect(await localEditorName(ada)).toBe('Ada Lovelace')
  })
})
