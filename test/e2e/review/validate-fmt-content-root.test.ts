import { afterEach, describe, expect, test } from 'vitest'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cms } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

async function project(): Promise<TempProject> {
  const p = await makeProject(blogTemplate())
  cleanups.push(() => p.cleanup())
  return p
}

describe('validate and fmt refuse a folder that is not a content root (a CI gate that checks nothing)', () => {
  test('a folder of unrelated files: exit 2, "not a cms content root (no project.yaml)", text and --json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cms-notroot-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    await mkdir(join(dir, 'src'))
    for (let i = 0; i < 5; i++) await writeFile(join(dir, 'src', `f${i}.json`), '{"a":1}\n')
    for (const args of [['validate'], ['fmt', '--check'], ['fmt'], ['validate', '--format', 'github']]) {
      const r = await cms([...args, '--dir', dir])
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr).toContain('not a cms content root (no project.yaml)')
      expect(r.stderr).toContain(dir)
    }
    const json = await cms(['fmt', '--check', '--dir', dir, '--json'])
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout).error.message).toContain('not a cms content root')
    const missing = await cms(['validate', '--dir', join(dir, 'nope')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/nope does not exist/)
  })
})

describe('validate: one fault, one problem, in sentences', () => {
  test('a typo in a collection\'s field type: one problem on that file and line, none per entry', async () => {
    const p = await project()
    const file = join(p.contentDir, 'collections', 'articles.yaml')
    const text = await readFile(file, 'utf8')
    const lines = text.split('\n')
    const at = lines.findIndex((l) => /^ {4}type: text$/.test(l))
    lines[at] = '    type: txet'
    await writeFile(file, lines.join('\n'))
    const r = await cms(['validate', '--dir', p.contentDir, '--format', 'json'])
    expect(r.code).toBe(1)
    const problems = (JSON.parse(r.stdout) as { problems: Array<{ file: string; line: number; message: string }> }).problems
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ file: 'collections/articles.yaml', line: at + 1 })
    expect(problems[0]!.message).toMatch(/type must be one of .* \(got "txet"\)/)
  })

  test('an entry with a JSON syntax error does not also report its versions as orphans', async () => {
    const p = await project()
    const dir = join(p.contentDir, 'versions', 'articles')
    const uuid = (await readdir(dir))[0]!
    const file = join(p.contentDir, 'entries', 'articles', `${uuid}.json`)
    await writeFile(file, (await readFile(file, 'utf8')).replace('"locale"', '"locale" "x",'))
    const r = await cms(['validate', '--dir', p.contentDir, '--format', 'json'])
    const problems = (JSON.parse(r.stdout) as { problems: Array<{ file: string; rule: string }> }).problems
    expect(problems.map((x) => x.rule)).toEqual(['parse'])
    expect(problems[0]!.file).toBe(`entries/articles/${uuid}.json`)
  })

  test('schema messages read as sentences with the value found', async () => {
    const p = await project()
    const uuid = (await readdir(join(p.contentDir, 'versions', 'articles')))[0]!
    const file = join(p.contentDir, 'entries', 'articles', `${uuid}.json`)
    const text = await readFile(file, 'utf8')
    await writeFile(file, text.replace(/"published_version": \d+/, '"published_version": "two"'))
    const r = await cms(['validate', '--dir', p.contentDir])
    expect(r.code).toBe(1)
    const line = text.split('\n').findIndex((l) => l.includes('"published_version"')) + 1
    expect(r.stdout).toContain(`entries/articles/${uuid}.json:${line}: published_version must be a whole number or null (got "two")`)
    expect(r.stdout).not.toMatch(/integer,null/)
  })
})
