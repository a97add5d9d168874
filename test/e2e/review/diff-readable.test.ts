import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { diffRevisions } from '../../../src/review/diff.ts'
import { renderDiff } from '../../../src/review/diff-render.ts'

/**
 * `cms diff --format markdown` reads as a reviewer would write it: labels, related entries by
 * title, media by file name, group children by label, rich text without tags, no uuid in a
 * field line. The golden file is the whole expected comment (UPDATE_GOLDEN=1 rewrites it).
 */
const GOLDEN = fileURLToPath(new URL('./fixtures/diff-readable.golden.md', import.meta.url))
const ADA = 'aaaaaaaa-0000-4000-8000-000000000001'
const GRACE = 'aaaaaaaa-0000-4000-8000-000000000002'
const OLD_PIC = 'bbbbbbbb-0000-4000-8000-000000000001'
const NEW_PIC = 'bbbbbbbb-0000-4000-8000-000000000002'
const POST = 'cccccccc-0000-4000-8000-000000000001'
const AT = '2025-06-01T00:00:00.000Z'

let project: TempProject
const commits: Record<string, string> = {}
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: project.dir, encoding: 'utf8' }).trim()
const commit = (name: string) => { git('add', '-A', 'content'); git('commit', '-q', '-m', name); commits[name] = git('rev-parse', 'HEAD') }
const asset = (uuid: string, name: string) => ({ uuid, filename: name, original_filename: name, mime_type: 'image/jpeg', size: 1, sha256: 'x', width: 1, height: 1, alt_text: null, title: null, caption: null, description: null, author: null, copyright: null, created_at: AT, updated_at: AT, deleted_at: null })
const entry = (uuid: string, fields: Record<string, unknown>) => ({ uuid, locale: 'en', translation_group: null, created_at: AT, updated_at: AT, published_at: null, published_version: null, deleted_at: null, fields, published: null })

beforeAll(async () => {
  project = await makeProject({
    name: 'Readable', default_locale: 'en', locales: ['en'],
    collections: [
      { name: 'Authors', slug: 'authors', fields: [field('name', 'text')] },
      { name: 'Posts', slug: 'posts', fields: [
        field('title', 'text'),
        field('reading_minutes', 'number', { label: 'Reading time' }),
        field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
        field('cover', 'media', { label: 'Cover image', options: { media: { type: 1 } } }),
        field('body', 'richtext'),
        field('seo', 'group', { label: 'SEO', children: [field('meta_title', 'text', { label: 'Meta title' }), field('meta_description', 'longtext', { label: 'Meta description' })] }),
      ] },
    ],
  })
  const store = await ContentStore.open(project.contentDir, { onProblem: () => {} })
  await store.putAsset(asset(OLD_PIC, 'harbour-at-dawn.jpg'), 'cli')
  await store.putAsset(asset(NEW_PIC, 'fog-over-the-pier.jpg'), 'cli')
  await store.putEntry('authors', entry(ADA, { name: 'Ada Lovelace' }), 'cli')
  await store.putEntry('authors', entry(GRACE, { name: 'Grace Hopper' }), 'cli')
  await store.putEntry('posts', entry(POST, {
    title: 'The fog', reading_minutes: 4, author: ADA, cover: OLD_PIC,
    body: '<p>At six the horns started, and by seven nobody could see the lighthouse.</p>',
    seo: { meta_title: 'Fog', meta_description: 'A quiet hour.' },
  }), 'cli')
  await store.flush()
  git('init', '-q', '.')
  commit('base')
  const post = store.collection('posts')!.entries.get(POST)!
  await store.putEntry('posts', { ...post, fields: {
    ...post.fields, reading_minutes: 5, author: GRACE, cover: NEW_PIC,
    body: '<p>At six the horns started, and by seven nobody could see the <strong>old</strong> lighthouse.</p>',
    seo: { meta_title: 'Fog over the harbour', meta_description: 'A quiet hour.' },
  } }, 'cli')
  await store.flush()
  commit('edit')
})
afterAll(async () => { await project?.cleanup() })

describe('cms diff --format markdown in people\'s words', () => {
  it('a change to a relation, a media field, a group and rich text matches the golden file', async () => {
    const report = await diffRevisions(project.contentDir, commits.base!, commits.edit!)
    const md = renderDiff(report, 'markdown').replace(/[0-9a-f]{7}\)/g, 'COMMIT)').replaceAll(commits.base!, 'BASE').replaceAll(commits.edit!, 'HEAD')
    if (process.env.UPDATE_GOLDEN) await writeFile(GOLDEN, md)
    expect(md).toBe(await readFile(GOLDEN, 'utf8'))
    const fieldLines = md.split('\n').filter((l) => l.startsWith('- '))
    expect(fieldLines.length).toBeGreaterThanOrEqual(5)
    for (const line of fieldLines) expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    expect(md).not.toContain('reading_minutes')
    // The JSON keeps the raw values for tools, beside the words.
    const change = report.collections[0]!.entries[0]!.draft.find((f) => f.field === 'author')!
    expect(change).toMatchObject({ before: ADA, after: GRACE, label: 'Author', before_text: 'Ada Lovelace', after_text: 'Grace Hopper' })
  })
})
