import type { H3, H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../route.ts'
import { getEntry, listEntries, type ReadResult } from '../../service/list-entries.ts'

/** Read routes for entries: thin adapters over service/list-entries.ts. */
export function registerEntryReadRoutes(app: H3, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/:collection', ability: 'read', summary: 'List entries (published by default)',
      handler: (event) => send(event, listEntries(ctx, param(event, 'collection'), event.url.search.slice(1), event.url.origin)),
    },
    {
      method: 'GET', path: '/:collection/:uuid', ability: 'read', summary: 'One entry as `{data}`',
      handler: (event) => send(event, getEntry(ctx, param(event, 'collection'), param(event, 'uuid'), event.url.search.slice(1), event.url.origin)),
    },
  ])
}

const param = (event: H3Event, name: string): string => event.context.params?.[name] ?? ''

function send(event: H3Event, result: ReadResult): Response {
  return new Response(result.body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', etag: result.etag } })
}
