import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CMS_BIN } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { richTemplate } from '../codegen/fixture.ts'
import { manyArticles } from '../../helpers/many-articles.ts'

const run = promisify(execFile)

/**
 * `cms` runs the CLI bundle (scripts/bundle-cli.mjs), not tsc's modules: the modules a command
 * loads are recorded by a module hook. The bundle finds the package's files (package.json, docs/,
 * the editor, schemas) and starts its worker threads from where its chunks are.
 */
describe('the cms bundle', () => {
  let dir = ''
  let hook = ''
  let project: TempProject
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-bundle-'))
    hook = join(dir, 'hook.mjs')
    const log = join(dir, 'loaded.txt')
    await writeFile(join(dir, 'loader.mjs'), `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) { if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context) }
`)
    await writeFile(hook, `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(dir, 'loader.mjs')).href)})\n`)
    project = await makeProject(await richTemplate())
  })
  afterAll(async () => {
    await project?.cleanup()
    await rm(dir, { recursive: true, force: true })
  })

  it('a command loads the bundle and its chunks, and none of dist/cli or node_modules (sharp aside)', async () => {
    const { stdout } = await run(process.execPath, ['--import', hook, CMS_BIN, 'collection', 'list', '--json', '--dir', project.contentDir])
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ slug: expect.any(String) })]))
    const loaded = (await readFile(join(dir, 'loaded.txt'), 'utf8')).trim().split('\n')
    const ours = loaded.filter((u) => !u.endsWith('/bin/cms.mjs') && !u.startsWith(pathToFileURL(dir).href))
    expect(ours.length).toBeGreaterThan(1)
    expect(ours.filter((u) => !u.includes('/dist/bundle/'))).toEqual([])
  })

  it('finds the package files from the bundle: version, docs named in help, the validate worker', async () => {
    const { stdout: version } = await run(process.execPath, [CMS_BIN, '--version'])
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+/)
    const { stdout: help } = await run(process.execPath, [CMS_BIN, 'git', '--help'])
    const docs = /(\/\S+\/docs)\//.exec(help)
    expect(docs?.[1]).toBeTruthy()
    expect(await readFile(join(docs![1]!, 'git.md'), 'utf8')).toContain('#')
  })

  it('cms validate checks a tree of 4,000 files in worker threads started from the bundle', async () => {
    const big = await makeProject(manyArticles(2700))
    try {
      const { stdout } = await run(process.execPath, ['--import', hook, CMS_BIN, 'validate', '--json', '--dir', big.contentDir])
      expect(JSON.parse(stdout)).toMatchObject({ problems: [] })
      const loaded = await readFile(join(dir, 'loaded.txt'), 'utf8')
      expect(loaded).toMatch(/\/dist\/bundle\/validate-worker\.js\n/)
    } finally {
      await big.cleanup()
    }
  })
})
