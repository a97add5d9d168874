import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { serve, type ServeProcess } from '../../helpers/cli.ts'
import { richTemplate } from './fixture.ts'

describe('cms serve --types FILE', () => {
  let project: TempProject
  let server: ServeProcess
  const file = () => join(project.dir, 'src', 'cms-types.ts')

  /** Resolves once the server's output holds `n` "types: wrote" lines. */
  const writes = (n: number) => new Promise<void>((resolve) => {
    const check = () => { if ((server.output().match(/types: wrote/g)?.length ?? 0) >= n) { resolve(); return true } return false }
    if (check()) return
    const onData = () => { if (check()) { server.child.stderr!.off('data', onData) } }
    server.child.stderr!.on('data', onData)
  })

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    server = await serve(['--dir', project.contentDir, '--types', join(project.dir, 'src', 'cms-types.ts')])
  }, 60_000)
  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    await project?.cleanup()
  })

  it('writes the types at start and again when a schema changes', async () => {
    await writes(1)
    expect(await readFile(file(), 'utf8')).toContain('export interface ArticlesFields')
    const schema = join(project.contentDir, 'collections', 'articles.yaml')
    await writeFile(schema, (await readFile(schema, 'utf8')).replace(/name: reading_minutes/, 'name: reading_time'))
    await writes(2)
    const text = await readFile(file(), 'utf8')
    expect(text).toContain('reading_time: number | null')
    expect(text).not.toContain('reading_minutes')
  }, 30_000)
})
