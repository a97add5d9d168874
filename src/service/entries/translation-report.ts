import type { ServiceContext } from '../context.ts'
import { badRequest, forbidden, unauthenticated } from '../../core/errors.ts'
import { parseQueryString, type ReadState } from '../../query/params.ts'
import { translationGaps as gapsOf, type TranslationGaps } from '../../query/translation-gaps.ts'
import type { DraftAccess } from './list.ts'

/**
 * `GET /_translations[?state=draft][&collections=a,b]`: the missing translations of the
 * project (query/translation-gaps.ts), with each locale's completeness (the editor's Home).
 */
export function translationGaps(ctx: ServiceContext, rawQuery: string, drafts: DraftAccess = 'allowed'): TranslationGaps {
  const p = parseQueryString(rawQuery)
  for (const key of Object.keys(p)) if (key !== 'state' && key !== 'collections') throw badRequest(`The translation report does not take a "${key}" parameter (it takes state and collections).`)
  const stateText = typeof p.state === 'string' ? p.state.trim().toLowerCase() : p.state === undefined ? 'published' : null
  if (stateText !== 'published' && stateText !== 'draft' && stateText !== 'with_draft') throw badRequest('The state parameter must be published or draft.')
  const state: ReadState = stateText === 'published' ? 'published' : 'draft'
  if (state !== 'published' && drafts !== 'allowed') {
    const message = 'Counting drafts (state=draft) needs an API token with the read ability.'
    throw drafts === 'forbidden' ? forbidden(message) : unauthenticated(message)
  }
  let slugs = ctx.store.sortedCollections().map((c) => c.slug)
  if (p.collections !== undefined) {
    if (typeof p.collections !== 'string') throw badRequest('The collections parameter must be given once, as a comma-separated list.')
    slugs = p.collections.split(',').map((s) => s.trim()).filter(Boolean)
    for (const slug of slugs) if (!ctx.store.collection(slug)) throw badRequest(`The collections parameter names "${slug}", which is not a collection.`)
  }
  const { project } = ctx.store
  return gapsOf({
    locales: project.locales, defaultLocale: project.default_locale, state,
    collections: slugs.map((slug) => { const index = ctx.store.collection(slug)!; return { collection: index.collection, entries: index.entries.values() } }),
  })
}
