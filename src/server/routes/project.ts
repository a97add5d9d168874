import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { badRequest, notFound } from '../../core/errors.ts'
import { readJsonBody } from '../http/body.ts'
import { projectSummary, updateProjectSettings, type ProjectSettingsInput } from '../../service/project/settings.ts'
import { collectionSummary, collectionWithFields, projectInfoWith } from '../../service/collections/view.ts'

export function registerProjectRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/', ability: 'read', summary: 'Project info; `?with=collections,fields` embeds them',
      answer: 'ProjectInfo',
      handler: (event) => projectInfoWith(ctx.store, event.url.searchParams.get('with') ?? ''),
    },
    {
      method: 'GET', path: '/project', ability: 'admin', summary: 'Project settings and counts `{uuid, name, api, locales, collections, entries, tokens, ...}` (what `cms project show` prints)',
      answer: 'ProjectSummary',
      handler: () => projectSummary(ctx.store),
    },
    {
      serial: true, method: 'PATCH', path: '/project', ability: 'admin', summary: 'Change project settings `{api, name, description, public_drafts, signed_urls: {ttl}, preview_url}` (what `cms project set` sends to a running server)',
      input: 'ProjectSettingsPatch', answer: 'ProjectSettingsChange',
      handler: async (event) => {
        const body = await readJsonBody(event, ctx)
        const input: ProjectSettingsInput = {}
        for (const key of ['api', 'name', 'description'] as const) {
          const value = body[key]
          if (value === undefined) continue
          if (typeof value !== 'string' && !(key === 'description' && value === null)) throw badRequest(`${key} must be a string.`)
          input[key] = value as string
        }
        if (body.preview_url !== undefined) {
          if (typeof body.preview_url !== 'string' && body.preview_url !== null) throw badRequest('preview_url must be a string (an address template) or null.')
          input.preview_url = body.preview_url
        }
        if (body.public_drafts !== undefined) {
          if (typeof body.public_drafts !== 'boolean') throw badRequest('public_drafts must be true or false.')
          input.public_drafts = body.public_drafts
        }
        if (body.signed_urls !== undefined) {
          const ttl = (body.signed_urls as { ttl?: unknown } | null)?.ttl
          if (typeof ttl !== 'number' && typeof ttl !== 'string') throw badRequest('signed_urls must be {ttl: <seconds>}.')
          input.signed_url_ttl = ttl
        }
        return updateProjectSettings(ctx.store, input, ctx.source)
      },
    },
    {
      method: 'GET', path: '/collections', ability: 'read', summary: 'List collections',
      answer: 'CollectionList',
      handler: () => ctx.store.sortedCollections().map(collectionSummary),
    },
    {
      method: 'GET', path: '/collections/:slug', ability: 'read', summary: 'One collection with its fields',
      answer: 'Collection',
      handler: (event) => {
        const slug = event.context.params?.slug ?? ''
        const index = ctx.store.collection(slug)
        if (!index) throw notFound('Collection not found.')
        return collectionWithFields(index.collection)
      },
    },
  ])
}
