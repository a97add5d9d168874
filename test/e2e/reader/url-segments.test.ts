import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContent, type ContentReader } from '../../../src/reader/index.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms } from '../../helpers/cli.ts'
import { richTemplate } from '../codegen/fixture.ts'

/** The reader takes the caller's slug and uuid as values: never spliced into a path it parses again. */
describe('reader: path segments from the caller', () => {
  let project: TempProject
  let reader: ContentReader
  let draft: string

  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    const created = await cms(['entry', 'create', 'articles', '--dir', project.contentDir, '--json', '--data', JSON.stringify({ title: 'Not yet', slug: 'not-yet' })])
    expect(created.code).toBe(0)
    draft = (JSON.parse(created.stdout) as { uuid: string }).uuid
    reader = await openContent(project.contentDir)
  }, 30_000)
  afterAll(async () => {
    await reader?.close()
    await project?.cleanup()
  })

  it('refuses a uuid with a query or a path in it, naming the parameter; the draft stays unread', () => {
    const articles = reader.entries('articles')
    expect(() => articles.get(`${draft}?state=draft`)).toThrow(/uuid must be an entry uuid/)
    expect(() => articles.get(`${draft}#x`)).toThrow(/uuid must be an entry uuid/)
    expect(() => articles.get('../collections')).toThrow(/uuid must be an entry uuid/)
    expect(() => articles.get(`${draft}?state=draft`)).toThrow(expect.objectContaining({ code: 'bad_request' }))
    // The draft is read only through the parameter.
    expect(() => articles.get(draft)).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(articles.get(draft, { state: 'draft' }).data).toMatchObject({ uuid: draft, published_at: null })
  })

  it('refuses a slug that is not one (a query in it would have listed drafts)', () => {
    expect(() => reader.entries('articles?state=draft').list()).toThrow(/collection slug/)
    expect(() => reader.entries('../articles')).toThrow(expect.objectContaining({ code: 'bad_request' }))
    const published = reader.entries('articles').list<Array<{ uuid: string }>>()
    expect(published.map((e) => e.uuid)).not.toContain(draft)
  })

  it('raw() decodes each segment as the server does, then checks it', () => {
    expect(JSON.parse(reader.raw('/collections/%61rticles').body)).toMatchObject({ slug: 'articles' })
    expect(() => reader.raw('/articles/%2e%2e')).toThrow(expect.objectContaining({ code: 'not_found' }))
    expect(() => reader.raw('/articles/%E0%A4%A')).toThrow(expect.objectContaining({ code: 'not_found' }))
  })
})
