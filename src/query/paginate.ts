import type { ListQuery } from './params.ts'

/**
 * Which part of an ordered result a list request answers with, and the paginated
 * envelope's `links`/`meta` (Laravel's shape: absolute URLs keeping every other query
 * parameter). Pure.
 */
export type ListPlan =
  | { kind: 'count' }
  | { kind: 'first' }
  | { kind: 'all'; start: number; end: number }
  | { kind: 'page'; start: number; end: number; page: number; perPage: number; lastPage: number }

/** `count` beats `first` beats `paginate` beats `limit`/`offset` (offset needs limit). */
export function planList(query: ListQuery, total: number): ListPlan {
  if (query.count) return { kind: 'count' }
  if (query.first) return { kind: 'first' }
  if (query.paginate !== null) {
    const perPage = query.paginate
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const start = Math.min(total, (query.page - 1) * perPage)
    return { kind: 'page', start, end: Math.min(total, start + perPage), page: query.page, perPage, lastPage }
  }
  if (query.limit !== null) {
    const start = Math.min(total, query.offset)
    return { kind: 'all', start, end: Math.min(total, start + query.limit) }
  }
  return { kind: 'all', start: 0, end: total }
}

export interface PageMeta {
  current_page: number
  from: number | null
  last_page: number
  path: string
  per_page: number
  to: number | null
  total: number
}

export interface PageLinks {
  first: string
  last: string
  prev: string | null
  next: string | null
}

/** `links` and `meta` of a page plan; `path` is the absolute URL of the collection listing. */
export function pageEnvelope(plan: Extract<ListPlan, { kind: 'page' }>, total: number, path: string, rawQuery: string): { links: PageLinks; meta: PageMeta } {
  const keep = rawQuery.split('&').filter((part) => part !== '' && !isPageParam(part))
  const url = (page: number) => `${path}?${[...keep, `page=${page}`].join('&')}`
  const empty = plan.start >= plan.end
  return {
    links: {
      first: url(1),
      last: url(plan.lastPage),
      prev: plan.page > 1 ? url(Math.min(plan.page - 1, plan.lastPage)) : null,
      next: plan.page < plan.lastPage ? url(plan.page + 1) : null,
    },
    meta: {
      current_page: plan.page,
      from: empty ? null : plan.start + 1,
      last_page: plan.lastPage,
      path,
      per_page: plan.perPage,
      to: empty ? null : plan.end,
      total,
    },
  }
}

function isPageParam(part: string): boolean {
  const eq = part.indexOf('=')
  const key = eq === -1 ? part : part.slice(0, eq)
  return key === 'page' || key === 'page%5B%5D' || key === 'page[]'
}
