import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { cms } from '../schema/fixture.ts'

/** `cms diff <base>` with no head compares with the work tree, uncommitted edits included (issue 17). */
let project: TempProject
let entryFile: string
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: project.dir, encoding: 'utf8', env: { ...process.env, GIT_DIR: undefined, GIT_INDEX_FILE: undefined } as NodeJS.ProcessEnv }).trim()

beforeAll(async () => {
  project = await makeProject({
    name: 'Diff', default_locale: 'en', locales: ['en'],
    collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text')] }],
    demo_data: [{ collection: 'posts', entries: [{ id: 'p1', locale: 'en', state: 'draft', fields: { title: 'Committed title' } }] }],
  })
  git('init', '-q', '.')
  git('add', '-A', 'content')
  git('commit', '-q', '-m', 'base')
  entryFile = git('ls-files', 'content/entries/posts')
})
afterAll(async () => { await project?.cleanup() })

describe('cms diff <base> without a head', () => {
  it('shows an uncommitted edit and an untracked new entry, and leaves the user\'s index alone', async () => {
    const clean = await cms(['diff', 'HEAD', '--format', 'json', '--dir', project.contentDir])
    expect(clean.code).toBe(0)
    expect(clean.json.summary.changed).toBe(0)

    const path = join(project.dir, entryFile)
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.replace('Committed title', 'Edited, not committed'))
    const added = JSON.parse(text)
    added.uuid = '44444444-4444-4444-8444-444444444444'
    added.fields.title = 'Brand new, untracked'
    await writeFile(join(project.contentDir, 'entries', 'posts', `${added.uuid}.json`), `${JSON.stringify(added, null, 2)}\n`)
    const indexBefore = git('ls-files', '-s')

    const r = await cms(['diff', 'HEAD', '--format', 'json', '--dir', project.contentDir])
    expect(r.code).toBe(0)
    expect(r.json.head.rev).toBe('work tree')
    expect(r.json.summary).toMatchObject({ changed: 1, added: 1 })
    const entries = r.json.collections.flatMap((c: { entries: unknown[] }) => c.entries)
    expect(JSON.stringify(entries)).toContain('Edited, not committed')
    expect(JSON.stringify(entries)).toContain('Brand new, untracked')
    // The text format too; nothing was staged or written to the user's index.
    const t = await cms(['diff', 'HEAD', '--dir', project.contentDir])
    expect(t.stdout).toContain('Brand new, untracked')
    expect(git('ls-files', '-s')).toBe(indexBefore)
    expect(git('diff', '--cached', '--name-only')).toBe('')

    // With an explicit head, the revision is compared, not the work tree.
    const committed = await cms(['diff', 'HEAD', 'HEAD', '--format', 'json', '--dir', project.contentDir])
    expect(committed.json.summary).toMatchObject({ changed: 0, added: 0 })
  })
})
