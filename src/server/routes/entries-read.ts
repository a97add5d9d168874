import type { H3 } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../route.ts'
import { notFound } from '../../core/errors.ts'
import { toEntryOutput } from '../../service/entry-view.ts'

/** Read routes for entries. The listing issue replaces this with the full query language. */
export function registerEntryReadRoutes(app: H3, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/:collection', ability: 'read', summary: 'List entries (published by default)',
      handler: (event) => {
        const index = ctx.store.collection(event.context.params?.collection ?? '')
        if (!index) throw notFound('Collection not found.')
        const locale = event.url.searchParams.get('locale')
        const entries = [...index.entries.values()]
          .filter((e) => e.published && !e.deleted_at && (!locale || e.locale === locale))
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
        if (index.collection.is_singleton) {
          const wanted = locale ?? ctx.store.project.default_locale
          const one = entries.find((e) => e.locale === wanted)
          if (!one) throw notFound('Content not found.')
          return toEntryOutput(one, index.collection, 'published')
        }
        return entries.map((e) => toEntryOutput(e, index.collection, 'published'))
      },
    },
  ])
}
