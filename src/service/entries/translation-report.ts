import type { ServiceContext } from '../context.ts'
import { badRequest, forbidden, unauthenticated } from '../../core/errors.ts'
import { parseQueryString, type ReadState } from '../../query/params.ts'
import { translationGapsSteps, type TranslationGaps } from '../../query/translation-gaps.ts'
import { runNow, runSliced, yieldToLoop } from '../../query/steps.ts'
import type { DraftAccess } from './list.ts'
import { missingByEntry, type EntryGaps } from './translation-entries.ts'

const PARAMS = ['state', 'collections', 'entries', 'summary']

/**
 * `GET /_translations[?state=draft][&collections=a,b][&summary=true|&entries=u1,u2]`: the missing
 * translations of the project (query/translation-gaps.ts), with each locale's completeness (the
 * editor's Home asks `summary=true`: the counts alone, not every gap of a large project). With
 * `entries`, only those entries' missing locales (the editor's lists and forms), looked up
 * through their translation groups: no pass over the collection.
 */
export async function translationGaps(ctx: ServiceContext, rawQuery: string, drafts: DraftAccess = 'allowed'): Promise<TranslationGaps | Pick<TranslationGaps, 'locales'> | EntryGaps> {
  const p = parseQueryString(rawQuery)
  for (const key of Object.keys(p)) if (!PARAMS.includes(key)) throw badRequest(`The translation report does not take a "${key}" parameter (it takes ${PARAMS.join(', ')}).`)
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
  const summary = flag(p.summary)
  if (p.entries !== undefined) {
    if (summary) throw badRequest('The entries and summary parameters do not go together.')
    return missingByEntry(ctx, slugs, p.entries, state)
  }
  const { project } = ctx.store
  const steps = translationGapsSteps({
    locales: project.locales, defaultLocale: project.default_locale, state,
    collections: slugs.map((slug) => { const index = ctx.store.collection(slug)!; return { collection: index.collection, entries: index.entries.values() } }),
  }, summary)
  // A pass over every entry: a server gives the event loop back between slices (writes landing
  // meanwhile are counted or not, as for any report read while content changes).
  const gaps = ctx.slicedLists ? await runSliced(steps, yieldToLoop) : runNow(steps)
  return summary ? { locales: gaps.locales } : gaps
}

function flag(value: unknown): boolean {
  if (value === undefined) return false
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null
  if (text === 'true' || text === '1' || text === '') return true
  if (text === 'false' || text === '0') return false
  throw badRequest('The summary parameter must be true or false.')
}
