import { apiBase } from '../api-prefix.ts'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../route.ts'
import type { CmsApp } from '../cms-app.ts'
import { getEntry, listEntriesSliced, type DraftAccess, type ReadResult } from '../../service/entries/list.ts'
import { readAnswer } from '../admission.ts'
import { credentialOf, type Credential } from '../guard.ts'
import type { Principal } from '../route-access.ts'

/**
 * Read routes for entries: thin adapters over service/entries/list.ts, with ETag revalidation.
 * On a Node server, successful answers usually come from fast-read.ts, which must send the same.
 */
export function registerEntryReadRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/:collection', ability: 'read', summary: 'List entries (published by default)',
      // A long read runs in slices (other requests answer meanwhile); the fast path hands such reads here.
      handler: async (event, principal) => send(event, await listEntriesSliced(ctx, param(event, 'collection'), event.url.search.slice(1), apiBase(event), draftAccess(ctx, principal, () => credentialOf(event, ctx)))),
    },
    {
      method: 'GET', path: '/:collection/:uuid', ability: 'read', summary: 'One entry as `{data}`',
      handler: (event, principal) => send(event, getEntry(ctx, param(event, 'collection'), param(event, 'uuid'), event.url.search.slice(1), apiBase(event), draftAccess(ctx, principal, () => credentialOf(event, ctx)))),
    },
  ])
}

/**
 * Who may read drafts here (the fast read path asks the same): a caller with `read` (a token,
 * an editor session, the local admin token), on every project; anyone when project.yaml says
 * `public_drafts: true`. A public project's anonymous reader gets 401; a token without
 * `read` (let through to published content) 403.
 */
export function draftAccess(ctx: AppContext, principal: Principal, credential: () => Credential): DraftAccess {
  if (principal.kind !== 'public' || ctx.store.project.public_drafts === true) return 'allowed'
  const kind = credential().kind
  return kind === 'token' || kind === 'session' ? 'forbidden' : 'unauthenticated'
}

const param = (event: H3Event, name: string): string => event.context.params?.[name] ?? ''

/**
 * Answers through h3's own response path (status and headers on `event.res`, body as a
 * string): on Node that is srvx's fast response, measurably cheaper than a web `Response`.
 * The status and headers are readAnswer's, as on the fast path.
 */
function send(event: H3Event, result: ReadResult): string {
  const answer = readAnswer(result, event.req.headers.get('if-none-match'))
  const headers = event.res.headers
  for (const name in answer.headers) headers.set(name, answer.headers[name]!)
  if (answer.status === 304) {
    event.res.status = 304
    return ''
  }
  // HEAD answers with the GET answer's headers, its length included (Node drops the body itself).
  if (event.req.method === 'HEAD') headers.set('content-length', String((result.bytes ??= Buffer.from(result.body)).length))
  return result.body
}
