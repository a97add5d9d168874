import { afterEach, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CMS_BIN, cms, serve } from '../../helpers/cli.ts'
import { manyArticles } from '../../helpers/many-articles.ts'
import { snapshotTree } from '../../helpers/tree.ts'

/**
 * Issue 12, defect 9: a killed `cms import` left a partial tree, and `cms import --force`
 * added the import on top of what was there (15,230 entries from a 10,000-entry template).
 */
const blog = fileURLToPath(new URL('../../fixtures/blog-template.json', import.meta.url))
let dir: string | undefined
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }) })


/** Entry files of `articles` written so far in the content root or any folder beside it. */
async function articlesWritten(parent: string): Promise<number> {
  let n = 0
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    n += (await readdir(join(parent, name, 'entries', 'articles')).catch(() => [] as string[])).length
  }
  return n
}

/** Runs `cms import` and SIGKILLs it once `threshold` article files exist; fails if it finishes first. */
async function importAndKill(args: string[], parent: string, threshold: number): Promise<void> {
  const child = spawn(process.execPath, [CMS_BIN, 'import', ...args], { stdio: 'ignore' })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let done = false
  exited.then(() => { done = true })
  while (!done && (await articlesWritten(parent)) < threshold) await new Promise((r) => setTimeout(r, 5))
  expect(done, 'the import finished before it could be killed').toBe(false)
  child.kill('SIGKILL')
  await exited
}

describe('cms import', () => {
  it('a killed import changes nothing, and --force leaves exactly the template', { timeout: 180_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-'))
    const content = join(dir, 'content')
    const big = join(dir, 'big.json')
    await writeFile(big, JSON.stringify(manyArticles(2500)))
    expect((await cms(['import', blog, '--dir', content])).code).toBe(0)
    const before = await snapshotTree(content)

    // Killed while replacing an existing project: the project is untouched.
    await importAndKill([big, '--dir', content, '--force'], dir, 300)
    expect(await snapshotTree(content)).toEqual(before)

    // Killed while importing into a new folder: no tree that looks like a project.
    const fresh = join(dir, 'fresh')
    await importAndKill([big, '--dir', fresh], dir, before.size + 300)
    expect(existsSync(join(fresh, 'project.yaml'))).toBe(false)
    // ... and a plain import there afterwards is not refused because of leftovers.
    const again = await cms(['import', blog, '--dir', fresh, '--json'])
    expect(again.code, again.stderr).toBe(0)
    expect((await snapshotTree(fresh)).size).toBeGreaterThan(0)

    // --force after the killed attempt: exactly the template's content, nothing of the blog.
    const r = await cms(['import', big, '--dir', content, '--force', '--json'])
    expect(r.code, r.stderr).toBe(0)
    const summary = JSON.parse(r.stdout) as { project: string; entries: number }
    expect(summary.entries).toBe(2501)
    expect((await readdir(join(content, 'entries', 'articles'))).length).toBe(2500)
    expect((await readdir(join(content, 'entries'))).sort()).toEqual(['articles', 'authors'])
    expect((await readdir(join(content, 'collections'))).sort()).toEqual(['articles.yaml', 'authors.yaml', 'notes.yaml'])
    expect(await readFile(join(content, 'project.yaml'), 'utf8')).toContain(summary.project)
    // No staging or set-aside folder is left beside it.
    expect((await readdir(dir)).filter((n) => n.includes('.cms-import-') || n.includes('.cms-replaced-'))).toEqual([])
    const validate = await cms(['validate', '--dir', content, '--json'])
    expect(validate.code, validate.stdout).toBe(0)
  })

  it('refuses to import into a folder that is not empty without --force, naming what is there', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-'))
    const content = join(dir, 'content')
    await cms(['import', blog, '--dir', content])
    const r = await cms(['import', blog, '--dir', content])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/already exists.*--force/)
    const other = join(dir, 'other')
    await cms(['import', blog, '--dir', other])
    await rm(join(other, 'project.yaml'))
    const r2 = await cms(['import', blog, '--dir', other])
    expect(r2.code).toBe(1)
    expect(r2.stderr).toMatch(/not empty/)
  })

  it('--force is refused while a server is serving the content root', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-import-'))
    const content = join(dir, 'content')
    await cms(['import', blog, '--dir', content])
    const before = await snapshotTree(content)
    const server = await serve(['--dir', content])
    try {
      const r = await cms(['import', blog, '--dir', content, '--force'])
      expect(r.code).not.toBe(0)
      expect(r.stderr).toMatch(/server \(pid \d+[^)]*\) is serving/)
      expect(await snapshotTree(content)).toEqual(before)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })
})
