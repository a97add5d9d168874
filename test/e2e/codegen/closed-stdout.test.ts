import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { CMS_BIN, cms } from '../../helpers/cli.ts'
import { richTemplate } from './fixture.ts'

/** Runs `cms <args>` with its stdout closed by the reader before the first write (`cms openapi | head -0`). */
function withClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CMS_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

describe('a generator writing to a closed stdout', () => {
  let project: TempProject
  beforeAll(async () => {
    project = await makeProject(await richTemplate())
  })
  afterAll(() => project?.cleanup())

  it('exits quietly: no stack trace, exit 0 (cms openapi, cms types, cms collection list --json)', async () => {
    for (const args of [['openapi'], ['types'], ['collection', 'list', '--json']]) {
      const result = await withClosedStdout([...args, '--dir', project.contentDir])
      expect(result.stderr, args.join(' ')).toBe('')
      expect(result.code, args.join(' ')).toBe(0)
    }
  }, 30_000)

  it('cms types --check without --out is a usage error: exit 2, as docs/cli.md says', async () => {
    const result = await cms(['types', '--check', '--dir', project.contentDir])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--check needs --out/)
  })
})
