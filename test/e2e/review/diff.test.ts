import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { addField, updateCollection } from '../../../src/service/collections/admin.ts'
import { diffRevisions, type DiffReport } from '../../../src/review/diff.ts'
import { renderDiff } from '../../../src/review/diff-render.ts'
import type { EntryRecord } from '../../../src/core/types.ts'
import { cms } from '../schema/fixture.ts'

const BODY = 'The harbour was quiet that morning and the boats rocked gently at their moorings while the gulls circled above the old stone pier waiting for the first catch of the day to come in'

function template(): Record<string, unknown> {
  return {
    name: 'Diff', default_locale: 'en', locales: ['en', 'fr'],
    collections: [{ name: 'Posts', slug: 'posts', fields: [field('title', 'text'), field('body', 'longtext'), field('views', 'number')] }],
    demo_data: [{ collection: 'posts', entries: [
      { id: 'p1', locale: 'en', state: 'published', fields: { title: 'Hello', body: BODY, views: 1 } },
      { id: 'p2', locale: 'fr', state: 'draft', fields: { title: 'Bonjour', views: 2 } },
    ] }],
  }
}

let project: TempProject
const commits: Record<string, string> = {}
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: project.dir, encoding: 'utf8' }).trim()
const commit = (name: string) => { git('add', '-A', 'content'); git('commit', '-q', '-m', name); commits[name] = git('rev-parse', 'HEAD') }

beforeAll(async () => {
  project = await makeProject(template())
  git('init', '-q', '.')
  commit('base')
  let store = await ContentStore.open(project.contentDir, { onProblem: () => {} })
  const entries = () => [...store.collection('posts')!.entries.values()]
  const hello = () => entries().find((e) => e.locale === 'en')!
  const at = '2025-06-01T00:00:00.000Z'
  const fresh: EntryRecord = { uuid: '11111111-1111-4111-8111-111111111111', locale: 'en', translation_group: null, created_at: at, updated_at: at, published_at: null, published_version: null, deleted_at: null, fields: { title: 'Fresh post', views: 0 }, published: null }
  await store.putEntry('posts', fresh, 'cli')
  await store.flush()
  commit('create')
  const h = hello()
  await store.putEntry('posts', { ...h, fields: { ...h.fields, title: 'Hello again', body: BODY.replace('quiet', 'silent').replace('first catch', 'morning catch') } }, 'cli')
  await store.flush()
  commit('edit-draft')
  const h2 = hello()
  await store.putEntry('posts', { ...h2, published: h2.fields, published_version: 2 }, 'cli')
  await store.putVersion('posts', { uuid: '22222222-2222-4222-8222-222222222222', entry_uuid: h2.uuid, version_number: 2, label: null, description: null, locale: 'en', translation_group: null, published_at: at, created_at: at, updated_at: at, fields: h2.fields })
  await store.flush()
  commit('publish')
  await store.removeEntry('posts', entries().find((e) => e.locale === 'fr')!.uuid, 'cli')
  await store.flush()
  commit('delete')
  await addField({ store, source: 'cli' }, 'posts', { type: 'text', name: 'subtitle', label: 'Subtitle' })
  await store.putWebhook({ uuid: '33333333-3333-4333-8333-333333333333', name: 'Deploy', description: null, url: 'https://example.com/hook', events: ['content.published'], sources: ['api'], payload: true, status: true, collection_ids: [], has_secret: false, created_at: at, updated_at: at }, 'cli')
  await store.flush()
  commit('schema')
  store = null as never
})
afterAll(async () => { await project.cleanup() })

const all = (r: DiffReport) => r.collections.flatMap((c) => c.entries)

describe('cms diff', () => {
  it('a created draft entry', async () => {
    const r = await diffRevisions(project.contentDir, commits.base!, commits.create!)
    expect(all(r)).toEqual([expect.objectContaining({ title: 'Fresh post', status: 'added', live: 'draft-only', locale: 'en' })])
  })

  it('a draft edit: draft-only, field by field, long text as a word diff', async () => {
    const r = await diffRevisions(project.contentDir, commits.create!, commits['edit-draft']!)
    const [e] = all(r)
    expect(e).toMatchObject({ title: 'Hello', status: 'changed', live: 'draft-only', published: [] })
    expect(e!.draft.map((f) => f.field)).toEqual(['title', 'body'])
    expect(e!.draft[0]).toMatchObject({ before: 'Hello', after: 'Hello again' })
    const words = e!.draft[1]!.words!
    expect(words).toEqual(expect.arrayContaining([{ op: '-', text: 'quiet' }, { op: '+', text: 'silent' }, { op: '-', text: 'first' }, { op: '+', text: 'morning' }]))
    const text = renderDiff(r, 'text')
    expect(text).toContain('~ "Hello" [en] changed — draft only, not on the site yet')
    expect(text).toContain('[-quiet-] {+silent+}')
  })

  it('a publish: what goes live', async () => {
    const r = await diffRevisions(project.contentDir, commits['edit-draft']!, commits.publish!)
    const [e] = all(r)
    expect(e).toMatchObject({ title: 'Hello again', live: 'live-update', events: ['published again as version 2'], draft: [] })
    expect(e!.published.map((f) => f.field)).toEqual(['title', 'body'])
  })

  it('the whole history in three formats', async () => {
    const r = await diffRevisions(project.contentDir, commits.base!, commits.schema!)
    expect(r.summary).toMatchObject({ added: 1, changed: 1, removed: 1, live_updates: 1, draft_only: 1, schema_changes: 1, webhook_changes: 1 })
    const posts = r.collections.find((c) => c.slug === 'posts')!
    expect(posts.schema).toEqual([{ change: 'added', field: 'subtitle', detail: 'text' }])
    expect(posts.entries.map((e) => [e.status, e.title, e.live])).toEqual([
      ['added', 'Fresh post', 'draft-only'],
      ['changed', 'Hello again', 'live-update'],
      ['removed', 'Bonjour', 'none'],
    ])
    expect(r.webhooks).toEqual([expect.objectContaining({ name: 'Deploy', status: 'added' })])

    const json = JSON.parse(renderDiff(r, 'json'))
    expect(json).toEqual(JSON.parse(JSON.stringify(r)))

    const text = renderDiff(r, 'text')
    expect(text).toContain('Collection Posts (posts)')
    expect(text).toContain('+ field subtitle: text')
    expect(text).toContain('+ "Fresh post" [en] added — draft only')
    expect(text).toContain('~ "Hello again" [en] changed — changes the live site · published again as version 2')
    expect(text).toContain('- "Bonjour" [fr] removed — no change on the site')
    expect(text).toContain('+ Deploy added')
    expect(text).toMatch(/Summary: 3 entries: 1 added, 1 changed, 1 removed/)

    const md = renderDiff(r, 'markdown')
    expect(md).toMatch(/^## Content changes/)
    expect(md).toContain('### Posts (`posts`)')
    expect(md).toContain('- ➕ field `subtitle`: text')
    expect(md).toContain('| ✏️ changed | Hello again | en | **changes the live site** · published again as version 2 |')
    expect(md).toContain('~~quiet~~ **silent**')
    expect(md).toContain('### Webhooks')
  })

  it('CLI: on a clean tree the default head is HEAD itself; no checkout happens', async () => {
    const head = git('rev-parse', 'HEAD')
    const r = await cms(['diff', commits.delete!, '--format', 'json', '--dir', project.contentDir])
    expect(r.code).toBe(0)
    expect(r.json.head.commit).toBe(head)
    expect(r.json.summary.schema_changes).toBe(1)
    const md = await cms(['diff', commits.base!, 'HEAD', '--format', 'markdown', '--dir', project.contentDir])
    expect(md.stdout).toMatch(/^## Content changes/)
    expect(git('status', '--porcelain', '--', 'content')).toBe('')
    const bad = await cms(['diff', 'no-such-rev', '--dir', project.contentDir])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toMatch(/Unknown revision: no-such-rev/)
  })
  it('a collection rename is a schema change, not every entry removed and added', async () => {
    const store = await ContentStore.open(project.contentDir, { onProblem: () => {} })
    await updateCollection({ store, source: 'cli' }, 'posts', { slug: 'articles', name: 'Articles' })
    await store.flush()
    commit('rename')
    const r = await diffRevisions(project.contentDir, commits.schema!, commits.rename!)
    expect(r.collections).toHaveLength(1)
    expect(r.collections[0]).toMatchObject({ slug: 'articles', renamed_from: 'posts', entries: [] })
    expect(r.collections[0]!.schema.map((x) => x.detail)).toEqual(['slug posts → articles', 'name "Posts" → "Articles"'])
  })
})
