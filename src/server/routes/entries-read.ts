import { apiBase } from '../http/api-prefix.ts'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { getEntry, listEntriesSliced, type ListLater } from '../../service/entries/list.ts'
import type { ReadResult } from '../../service/entries/read-model.ts'
import { handoverOf, readAnswer } from '../access/admission.ts'
import { credentialOf } from '../access/guard.ts'
import { draftAccess } from '../access/draft-access.ts'
import { asJsonText, type JsonText } from '../http/json-text.ts'
import type { Answers } from '../http/answers.ts'

/**
 * Read routes for entries: thin adapters over service/entries/list.ts, with ETag revalidation.
 * On a Node server, successful answers usually come from fast-read.ts, which must send the same;
 * a read it left to h3 is not done again: its error is answered, its parsed list query reused.
 */
export function registerEntryReadRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/:collection', ability: 'read', preview: true, summary: 'List entries (published by default)', answer: 'EntryList',
      // A long read runs in slices (other requests answer meanwhile); the fast path hands such reads here.
      handler: async (event, principal) => {
        const later = handedRead(event)?.later
        return send<Answers['EntryList']>(event, await listEntriesSliced(ctx, param(event, 'collection'), event.url.search.slice(1), apiBase(event), draftAccess(ctx, principal, () => credentialOf(event, ctx), param(event, 'collection')), later))
      },
    },
    {
      method: 'GET', path: '/:collection/:uuid', ability: 'read', preview: true, summary: 'One entry as `{data}`', answer: 'Entry',
      handler: (event, principal) => {
        handedRead(event)
        return send<Answers['Entry']>(event, getEntry(ctx, param(event, 'collection'), param(event, 'uuid'), event.url.search.slice(1), apiBase(event), draftAccess(ctx, principal, () => credentialOf(event, ctx), param(event, 'collection'), param(event, 'uuid'), event.url.search)))
      },
    },
  ])
}


const param = (event: H3Event, name: string): string => event.context.params?.[name] ?? ''

/** The read the fast read path already did for this request: its error thrown here, else its list read for the sliced path. */
function handedRead(event: H3Event): { later?: ListLater } | undefined {
  const read = handoverOf(event)?.read
  if (read && 'error' in read) throw read.error
  return read
}

/**
 * Answers through h3's own response path (status and headers on `event.res`, body as a
 * string): on Node that is srvx's fast response, measurably cheaper than a web `Response`.
 * The status and headers are readAnswer's, as on the fast path.
 */
function send<T>(event: H3Event, result: ReadResult): JsonText<T> {
  const answer = readAnswer(result, event.req.headers.get('if-none-match'))
  const headers = event.res.headers
  for (const name in answer.headers) headers.set(name, answer.headers[name]!)
  if (answer.status === 304) {
    event.res.status = 304
    return asJsonText('')
  }
  // HEAD answers with the GET answer's headers, its length included (Node drops the body itself).
  if (event.req.method === 'HEAD') headers.set('content-length', String((result.bytes ??= Buffer.from(result.body)).length))
  // The read model serialised the answer (service/entries/list.ts); the suite's contract check reads it back.
  return asJsonText(result.body)
}
