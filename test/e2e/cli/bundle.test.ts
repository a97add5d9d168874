import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
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
 * the editor, schemas), starts its worker threads from where it is, and keeps V8's code cache
 * beside it (bin/run-bundle.mjs).
 */
describe('the cms bundle', () => {
  let dir = ''
  let hook = ''
  let project: TempProject
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-bundle-'))
    hook = join(dir, 'hook.mjs')
    const log = join(dir, 'loaded.txt')
    // ES modules through a loader hook; CommonJS modules from require's cache as the process exits.
    await writeFile(join(dir, 'loader.mjs'), `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) { if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context) }
`)
    await writeFile(hook, `import { register, createRequire } from 'node:module'
import { appendFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
register(${JSON.stringify(pathToFileURL(join(dir, 'loader.mjs')).href)})
const cache = createRequire(import.meta.url).cache
process.on('exit', () => { for (const file of Object.keys(cache)) appendFileSync(${JSON.stringify(log)}, pathToFileURL(file).href + '\\n') })
`)
    project = await makeProject(await richTemplate())
  })
  afterAll(async () => {
    await project?.cleanup()
    await rm(dir, { recursive: true, force: true })
  })

  it('a command runs the bundle script, and loads none of dist/cli or node_modules (sharp aside)', async () => {
    const { stdout } = await run(process.execPath, ['--import', hook, CMS_BIN, 'collection', 'list', '--json', '--dir', project.contentDir])
    expect(JSON.parse(stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ slug: expect.any(String) })]))
    const loaded = (await readFile(join(dir, 'loaded.txt'), 'utf8')).trim().split('\n')
    const ours = loaded.filter((u) => !u.startsWith(pathToFileURL(dir).href))
    expect(ours.map((u) => u.slice(u.lastIndexOf('/bin/')))).toEqual(['/bin/cms.mjs', '/bin/run-bundle.mjs'])
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

  it('keeps V8\'s code cache beside the bundle: written once, one per set of V8 flags, kept while it fits, replaced when broken or the bundle changes', async () => {
    // A copy of the package's layout, so the shared bundle's cache is not touched by this test.
    const pkg = join(dir, 'pkg')
    await mkdir(join(pkg, 'dist', 'bundle'), { recursive: true })
    await cp(fileURLToPath(new URL('../../../bin', import.meta.url)), join(pkg, 'bin'), { recursive: true })
    await cp(fileURLToPath(new URL('../../../package.json', import.meta.url)), join(pkg, 'package.json'))
    const bundle = join(pkg, 'dist', 'bundle', 'index.cjs')
    await cp(fileURLToPath(new URL('../../../dist/bundle/index.cjs', import.meta.url)), bundle)
    const bin = join(pkg, 'bin', 'cms.mjs')
    const caches = async () => (await readdir(join(pkg, 'dist', 'bundle'))).filter((f) => f.endsWith('.v8cache'))
    const version = async () => (await run(process.execPath, [bin, '--version'])).stdout.trim()

    expect(await caches()).toEqual([])
    const expected = await version()
    expect(expected).toMatch(/^\d+\.\d+\.\d+/)
    const info = await stat(bundle)
    const name = `index.cjs.${info.size}-${Math.trunc(info.mtimeMs)}.v8cache`
    expect(await caches()).toEqual([name])
    const cacheFile = join(pkg, 'dist', 'bundle', name)
    const written = await readFile(cacheFile)
    expect(written.length).toBeGreaterThan(10_000)

    // Accepted by V8: a second command leaves it as it is.
    expect(await version()).toBe(expected)
    expect((await readFile(cacheFile)).equals(written)).toBe(true)

    // Other V8 flags (`cms serve` has its own) get a cache of their own: neither replaces the other.
    const flagged = async () => (await run(process.execPath, ['--max-semi-space-size=16', bin, '--version'])).stdout.trim()
    expect(await flagged()).toBe(expected)
    const own = (await caches()).find((f) => f !== name)
    expect(own).toMatch(new RegExp(`^index\\.cjs\\.${info.size}-${Math.trunc(info.mtimeMs)}-[0-9a-f]{8}\\.v8cache$`))
    const ownWritten = await readFile(join(pkg, 'dist', 'bundle', own!))
    expect(await version()).toBe(expected)
    expect(await flagged()).toBe(expected)
    expect((await readFile(cacheFile)).equals(written)).toBe(true)
    expect((await readFile(join(pkg, 'dist', 'bundle', own!))).equals(ownWritten)).toBe(true)

    // A broken cache (a torn write, another Node) is rejected by V8 and replaced; the command still runs.
    await writeFile(cacheFile, 'not a code cache')
    expect(await version()).toBe(expected)
    expect((await readFile(cacheFile)).toString('utf8', 0, 16)).not.toBe('not a code cache')

    // A rebuilt bundle gets a cache of its own, and the old one goes.
    await utimes(bundle, new Date(), new Date(Date.now() + 5000))
    expect(await version()).toBe(expected)
    const after = await stat(bundle)
    expect(await caches()).toEqual([`index.cjs.${after.size}-${Math.trunc(after.mtimeMs)}.v8cache`])
  })
})
