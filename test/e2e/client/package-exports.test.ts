import { execFile } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { modifiedAt, newestSource } from '../../helpers/newest-file.ts'
import { richTemplate } from '../codegen/fixture.ts'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

/** A site build that installed the package: `cms/client` and `cms/reader` resolve, with types. */
describe('package exports', () => {
  let project: TempProject
  beforeAll(async () => {
    // The declarations for the entry points: `npm ci` builds them (prepare); built again here only
    // when a source is newer (the global setup builds only the JavaScript). 13 s of CPU otherwise.
    if (modifiedAt(join(ROOT, 'dist', 'index.d.ts')) <= newestSource(ROOT)) {
      await run(process.execPath, [TSC, '-p', 'tsconfig.types.json'], { cwd: ROOT }).catch(() => {})
      await run(process.execPath, ['scripts/fix-dts-imports.mjs'], { cwd: ROOT })
    }
    project = await makeProject(await richTemplate())
    await mkdir(join(project.dir, 'node_modules'), { recursive: true })
    await symlink(ROOT, join(project.dir, 'node_modules', 'cms'), 'dir')
  }, 120_000)
  afterAll(() => project?.cleanup())

  it('type-checks a consumer importing cms, cms/client and cms/reader', async () => {
    await writeFile(join(project.dir, 'site.ts'), `
import { createClient } from 'cms/client'
import { openContent } from 'cms/reader'
import { generateTypes } from 'cms'
export const client = createClient({ baseUrl: 'http://localhost:3000/api', projectId: 'p' })
export const reader: Promise<{ close(): Promise<void> }> = openContent('content')
export const text: string = generateTypes([])
// @ts-expect-error: baseUrl is required
createClient({ projectId: 'p' })
`)
    await writeFile(join(project.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], skipLibCheck: true }, files: ['site.ts'] }))
    const out = await run(process.execPath, [TSC, '-p', join(project.dir, 'tsconfig.json')]).then(() => '', (e: { stdout: string }) => e.stdout)
    expect(out).toBe('')
  }, 60_000)

  it('runs: the reader entry point reads the content tree', async () => {
    await writeFile(join(project.dir, 'read.mjs'), `
import { openContent } from 'cms/reader'
const reader = await openContent('content')
console.log(JSON.stringify(reader.entries('articles').list({ locale: 'en', sort: 'title:asc' }).map((a) => a.fields.title)))
await reader.close()
`)
    const { stdout } = await run(process.execPath, ['read.mjs'], { cwd: project.dir })
    expect(JSON.parse(stdout)).toEqual(['Six ways to cook mackerel', 'The morning the fog came in'])
  }, 60_000)
})
