import type { ServiceContext } from '../context.ts'
import type { EntryRecord } from '../../core/types.ts'
import { badRequest, forbidden, unauthenticated } from '../../core/errors.ts'
import { parseQueryString, SEARCH_MAX, type ReadState } from '../../query/params.ts'
import { visibleIn } from '../../query/view.ts'
import { runNow, runSliced, yieldToLoop } from '../../query/steps.ts'
import type { SearchIndex, SearchMatch } from '../../query/search/search-index.ts'
import { titleOf, valuesOfState } from '../../query/search/fields.ts'
import type { DraftAccess } from './list.ts'

/** One answer of `GET /_search`: where the entry is, how well it matched, what to show for it. */
export interface SearchHit {
  collection: string
  uuid: string
  locale: string
  score: number
  title: string
}

interface SearchAllQuery {
  q: string
  locale: string | null
  collections: string[]
  limit: number
  state: ReadState
}

const LIMIT_DEFAULT = 20
const LIMIT_MAX = 100

/**
 * `GET /_search?q=<words>[&locale=][&collections=a,b][&limit=][&state=]`: the best entries of
 * every collection (or those named) holding every word, best first, as `{data: [{collection,
 * uuid, locale, score, title}]}`. Each collection's index is built in slices on a server the
 * first time it is needed (ready at start once the warm-up reached it).
 */
export async function searchAll(ctx: ServiceContext, rawQuery: string, drafts: DraftAccess = 'allowed'): Promise<{ data: SearchHit[] }> {
  const query = parseSearchAll(ctx, rawQuery)
  if (query.state !== 'published' && drafts !== 'allowed') {
    const message = 'Searching drafts (state=draft) needs an API token with the read ability.'
    throw drafts === 'forbidden' ? forbidden(message) : unauthenticated(message)
  }
  const state = query.state === 'published' ? 'published' : 'draft'
  const locales = query.locale !== null ? [query.locale] : ctx.store.project.locales
  const all: Array<SearchMatch<[string, EntryRecord]>> = []
  for (const slug of query.collections) {
    const index = ctx.store.collection(slug)
    if (!index) continue
    const holder = ctx.readModel.searchOf(slug, index)
    const search: SearchIndex = ctx.slicedLists ? await holder.ready(state, yieldToLoop) : holder.now(state)
    const accept = (uuid: string): [string, EntryRecord] | null => {
      const entry = index.entries.get(uuid)
      if (!entry || !visibleIn(entry, query.state) || (query.locale !== null && entry.locale !== query.locale)) return null
      return [slug, entry]
    }
    const steps = search.searchSteps(query.q, { locales, locale: query.locale, accept, sure: false, counted: false, need: query.limit, tie: (a, b) => (a[1].created_at < b[1].created_at ? 1 : a[1].created_at > b[1].created_at ? -1 : 0) })
    const { matches } = ctx.slicedLists ? await runSliced(steps, yieldToLoop) : runNow(steps)
    all.push(...matches)
  }
  all.sort((a, b) => b.score - a.score)
  return {
    data: all.slice(0, query.limit).map(({ row: [slug, entry], score }) => ({
      collection: slug, uuid: entry.uuid, locale: entry.locale, score: Math.round(score * 1000) / 1000,
      title: titleOf(ctx.store.collection(slug)!.collection, valuesOfState(entry, state === 'published')) || entry.uuid,
    })),
  }
}

const KNOWN = new Set(['q', 'locale', 'collections', 'limit', 'state'])

function parseSearchAll(ctx: ServiceContext, raw: string): SearchAllQuery {
  const p = parseQueryString(raw)
  for (const key of Object.keys(p)) if (!KNOWN.has(key)) throw badRequest(`The search does not take a "${key}" parameter (it takes q, locale, collections, limit and state).`)
  const text = (name: string): string | null => {
    const v = p[name]
    if (v === undefined) return null
    if (typeof v !== 'string') throw badRequest(`The ${name} parameter must be given once, as a plain value.`)
    return v.trim() === '' ? null : v.trim()
  }
  const q = text('q')
  if (q === null) throw badRequest('The q parameter is required: the words to search for.')
  if (q.length > SEARCH_MAX) throw badRequest(`The q parameter must be at most ${SEARCH_MAX} characters (got ${q.length}).`)
  const locale = text('locale')
  if (locale !== null && !ctx.store.project.locales.includes(locale)) throw badRequest(`The locale parameter names "${locale}", which is not one of the project's locales (${ctx.store.project.locales.join(', ')}).`)
  const named = text('collections')
  const collections = named === null ? [...ctx.store.sortedCollections().map((c) => c.slug)] : named.split(',').map((s) => s.trim()).filter((s) => s !== '')
  for (const slug of collections) if (!ctx.store.collection(slug)) throw badRequest(`The collections parameter names "${slug}", which is not a collection.`)
  const limitText = text('limit')
  let limit = LIMIT_DEFAULT
  if (limitText !== null) {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > LIMIT_MAX) throw badRequest(`The limit parameter must be an integer from 1 to ${LIMIT_MAX} (got "${limitText}").`)
    limit = Number(limitText)
  }
  const stateText = (text('state') ?? 'published').toLowerCase()
  const state: ReadState = stateText === 'published' ? 'published' : stateText === 'draft' || stateText === 'with_draft' ? 'draft' : stateText === 'only_draft' ? 'only_draft' : (() => { throw badRequest(`The state parameter must be one of published, draft, with_draft, only_draft (got "${stateText}").`) })()
  return { q, locale, collections, limit, state }
}
