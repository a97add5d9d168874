import type { H3 } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../route.ts'
import { notFound } from '../../core/errors.ts'
import { collectionSummary, collectionWithFields, projectInfo } from '../../service/schema-view.ts'

export function registerProjectRoutes(app: H3, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/', ability: 'read', summary: 'Project info; `?with=collections,fields` embeds them',
      handler: (event) => {
        const withParam = event.url.searchParams.get('with') ?? ''
        const parts = new Set(withParam.split(',').map((s) => s.trim()))
        return projectInfo(ctx.store, { collections: parts.has('collections') || parts.has('fields'), fields: parts.has('fields') })
      },
    },
    {
      method: 'GET', path: '/collections', ability: 'read', summary: 'List collections',
      handler: () => ctx.store.sortedCollections().map(collectionSummary),
    },
    {
      method: 'GET', path: '/collections/:slug', ability: 'read', summary: 'One collection with its fields',
      handler: (event) => {
        const slug = event.context.params?.slug ?? ''
        const index = ctx.store.collection(slug)
        if (!index) throw notFound('Collection not found.')
        return collectionWithFields(index.collection)
      },
    },
  ])
}
