import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/** A small project exercising every field type the writing path handles. */
export const template = {
  format: 'elmapicms', version: 1, type: 'project', name: 'Writing tests', default_locale: 'en', locales: ['en', 'de'], public_api: true,
  collections: [
    { name: 'Authors', slug: 'authors', is_singleton: false, fields: [field('name', 'text', { validations: { required: { status: true, message: null } } })] },
    { name: 'Categories', slug: 'categories', is_singleton: false, fields: [field('name', 'text')] },
    { name: 'Articles', slug: 'articles', is_singleton: false, fields: [
      field('title', 'text', { validations: { required: { status: true, message: null }, charcount: { status: true, type: 'Between', min: 3, max: 40, message: null } } }),
      field('slug', 'slug', { validations: { unique: { status: true, message: null } } }),
      field('views', 'number'),
      field('featured', 'boolean'),
      field('tags', 'text', { options: { repeatable: true } }),
      field('author', 'relation', { options: { relation: { type: 1, collection: 'authors' } } }),
      field('categories', 'relation', { options: { relation: { type: 2, collection: 'categories' } } }),
      field('cover', 'media', { options: { media: { type: 1 } } }),
      field('kind', 'enumeration', { options: { enumeration: { list: ['news', 'guide'] } } }),
      field('when', 'date', { options: { mode: 'range' } }),
      field('published_on', 'date'),
      field('starts', 'date', { options: { includeTime: true } }),
      field('at', 'time'),
      field('tint', 'color'),
      field('contact', 'email'),
      field('meta', 'json'),
      field('body', 'richtext'),
      field('notes', 'longtext'),
      field('secret', 'password'),
      field('seo', 'group', { children: [field('meta_title', 'text', { validations: { required: { status: true, message: null } } })] }),
      field('blocks', 'group', { options: { repeatable: true }, children: [
        field('heading', 'text'),
        field('inner', 'group', { children: [field('caption', 'text', { validations: { charcount: { status: true, type: 'Max', min: null, max: 5, message: 'Captions are short.' } } })] }),
      ] }),
    ] },
    { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('site_name', 'text')] },
  ],
  demo_data: [],
}

export interface WritingEnv {
  project: TempProject
  server: TestServer
  /** Token with every ability. */
  token: string
  /** Token with `read` only. */
  readToken: string
  req(path: string, init?: { method?: string; json?: unknown; token?: string | null }): Promise<{ status: number; body: any }>
  close(): Promise<void>
}

export async function setupWriting(): Promise<WritingEnv> {
  const project = await makeProject(template)
  const server = await startTestServer(project.contentDir)
  const { token } = await createToken(server.ctx.store, { name: 'all', abilities: ['read', 'create', 'update', 'delete'] })
  const { token: readToken } = await createToken(server.ctx.store, { name: 'reader', abilities: ['read'] })
  return {
    project, server, token, readToken,
    async req(path, init = {}) {
      const t = init.token === undefined ? token : init.token
      const res = await server.request(path, { method: init.method ?? 'GET', ...(init.json !== undefined ? { json: init.json } : {}), ...(t ? { token: t } : {}) })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null }
    },
    async close() {
      await server.close()
      await project.cleanup()
    },
  }
}
