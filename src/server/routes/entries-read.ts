import { apiBase } from '../api-prefix.ts'
import type { H3, H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../route.ts'
import { getEntry, listEntries, type ReadResult } from '../../service/entries/list.ts'
import { matchesEtag } from '../etag.ts'

/**
 * Read routes for entries: thin adapters over service/entries/list.ts, with ETag revalidation.
 * On a Node server, successful answers usually come from fast-read.ts, which must send the same.
 */
export function registerEntryReadRoutes(app: H3, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/:collection', ability: 'read', summary: 'List entries (published by default)',
      handler: (event) => send(event, listEntries(ctx, param(event, 'collection'), event.url.search.slice(1), apiBase(event))),
    },
    {
      method: 'GET', path: '/:collection/:uuid', ability: 'read', summary: 'One entry as `{data}`',
      handler: (event) => send(event, getEntry(ctx, param(event, 'collection'), param(event, 'uuid'), event.url.search.slice(1), apiBase(event))),
    },
  ])
}

const param = (event: H3Event, name: string): string => event.context.params?.[name] ?? ''

/**
 * Answers through h3's own response path (status and headers on `event.res`, body as a
 * string): on Node that is srvx's fast response, measurably cheaper than a web `Response`.
 */
function send(event: H3Event, result: ReadResult): string {
  const headers = event.res.headers
  headers.set('etag', result.etag)
  headers.set('cache-control', 'no-cache')
  if (result.revalidate !== false && matchesEtag(event.req.headers.get('if-none-match'), result.etag)) {
    event.res.status = 304
    return ''
  }
  headers.set('content-type', 'application/json; charset=utf-8')
  return result.body
}
