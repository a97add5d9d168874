import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { messUp, validateTemplate } from '../../helpers/review-trees.ts'
import { cms } from '../schema/fixture.ts'

// The exit codes and output of `cms fmt` and `cms validate` as a CI job sees them (the trees' rules: test/unit/review/).

let project: TempProject
afterEach(async () => { await project.cleanup() })

describe('cms fmt', () => {
  beforeEach(async () => { project = await makeProject(smallBlogTemplate()) })

  it('CLI: --check exits 1 and lists files; fmt exits 0; then --check exits 0', async () => {
    const messed = await messUp(project.contentDir)
    const check = await cms(['fmt', '--check', '--dir', project.contentDir])
    expect(check.code).toBe(1)
    for (const rel of messed) expect(check.stdout).toContain(`would reformat ${rel}`)
    expect((await cms(['fmt', '--dir', project.contentDir])).code).toBe(0)
    const again = await cms(['fmt', '--check', '--json', '--dir', project.contentDir])
    expect(again.code).toBe(0)
    expect(again.json.changed).toEqual([])
  })
})

describe('cms validate', () => {
  beforeEach(async () => { project = await makeProject(validateTemplate()) })

  it('CLI: exit 0 clean, 1 with problems (github annotations), 2 when it cannot run', async () => {
    expect((await cms(['validate', '--dir', project.contentDir])).code).toBe(0)
    await writeFile(join(project.contentDir, 'stray.json'), '{}\n')
    const bad = await cms(['validate', '--dir', project.contentDir, '--format', 'github'], { cwd: project.dir })
    expect(bad.code).toBe(1)
    expect(bad.stdout).toMatch(/^::error file=content\/stray\.json,line=1,title=cms validate \(location\)::file in the wrong place/m)
    const json = await cms(['validate', '--dir', project.contentDir, '--format', 'json'])
    expect(json.json.problems).toHaveLength(1)
    expect((await cms(['validate', '--dir', join(project.dir, 'nope')])).code).toBe(2)
  })
})
