import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { sseStream, SSE_HEADERS } from '../http/sse.ts'
import { CmsError } from '../../core/errors.ts'
import { admitRoute, type AdmissionSpec } from '../access/admission.ts'
import { credentialFromRequest } from '../access/guard.ts'
import { previewTokenOf } from '../access/preview-access.ts'
import type { Principal } from '../access/route-access.ts'
import { changeFeed, type ChangeFeed, type FedEvent } from '../../service/events/change-feed.ts'

const HEARTBEAT_MS = 15_000

/** Who may read the stream: whoever may read entries (a read token, a session, a preview token; anyone on a public project). */
const SPEC: AdmissionSpec = { method: 'GET', ability: 'read', preview: true }

/** The server's change feed (made when it starts, see start.ts; its backlog size from CMS_EVENTS_BACKLOG for tests and big sites). */
export function serverChangeFeed(ctx: AppContext): ChangeFeed {
  const backlog = Number(ctx.config.env.CMS_EVENTS_BACKLOG)
  return changeFeed(ctx, Number.isInteger(backlog) && backlog > 0 ? { backlog } : {})
}

/**
 * `GET /_events`: the public change stream (docs/preview.md, docs/api.md). Admitted here rather
 * than by the route guard because a browser's EventSource sends no headers: the project id, a
 * read token and a preview token may come as query parameters (`project_id`, `token`, `preview`).
 */
export function registerEventRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_events', ability: null, produces: 'events',
      summary: 'Change stream (server-sent events): `event: change` `{type, collection, uuid, locale, state, version, tags}` per entry change, `event: reset` when `Last-Event-ID` is beyond the backlog; `?project_id=&token=&preview=` for EventSource',
      handler: async (event) => {
        const accept = event.req.headers.get('accept')
        if (accept && !/text\/event-stream|text\/\*|\*\/\*/i.test(accept)) {
          throw new CmsError('not_acceptable', 'This route is a server-sent event stream: send Accept: text/event-stream (EventSource does).')
        }
        const principal = await admitStream(event, ctx)
        const feed = serverChangeFeed(ctx)
        const headers = SSE_HEADERS
        if (event.req.method === 'HEAD') return new Response(null, { status: 200, headers })
        const lastId = event.req.headers.get('last-event-id') ?? event.url.searchParams.get('last_event_id')
        return new Response(streamFor(ctx, feed, visibleTo(principal), lastId), { status: 200, headers })
      },
    },
  ])
}

/** Admission's route steps with the query parameters as fallbacks for the headers. */
function admitStream(event: H3Event, ctx: AppContext): Principal | Promise<Principal> {
  const q = event.url.searchParams
  const headers = event.req.headers
  const token = q.get('token')
  const authorization = headers.get('authorization') ?? (token ? `Bearer ${token}` : null)
  if (!headers.get('project-id') && !q.get('project_id')) throw new CmsError('bad_request', 'Project header missing: send Project-Id, or ?project_id= from a browser\'s EventSource.')
  return admitRoute({
    projectId: headers.get('project-id') ?? q.get('project_id'),
    credential: () => credentialFromRequest(authorization, headers.get('cookie'), ctx),
    // A GET changes nothing: the session's same-origin rule is for unsafe methods.
    checkSameOrigin: () => {},
    preview: () => previewTokenOf(headers.get('cms-preview'), event.url.search),
  }, ctx, SPEC)
}

/** Which events a caller sees: anonymous callers published changes only; a one-entry preview token that entry's. */
function visibleTo(principal: Principal): (fed: FedEvent) => boolean {
  if (principal.kind === 'public') return (fed) => fed.event.state === 'published'
  if (principal.kind === 'preview' && principal.claims.u) {
    const { c, u } = principal.claims
    return (fed) => fed.event.uuid === u && fed.event.collection === c
  }
  return () => true
}

const encoder = new TextEncoder()
const bytesOf = new WeakMap<FedEvent, Uint8Array>()
/** Each event is encoded once, for every client. */
const encoded = (fed: FedEvent): Uint8Array => {
  let bytes = bytesOf.get(fed)
  if (!bytes) bytesOf.set(fed, (bytes = encoder.encode(fed.message)))
  return bytes
}

function streamFor(ctx: AppContext, feed: ChangeFeed, visible: (fed: FedEvent) => boolean, lastId: string | null): ReadableStream<Uint8Array> {
  return sseStream(2000, (send, close) => {
    const unsubscribe = feed.subscribe((fed) => {
      if (visible(fed)) send(encoded(fed))
    }, close)
    const stopBeat = heartbeat(ctx, () => send(': ping\n\n'))
    const stop = () => {
      stopBeat()
      unsubscribe()
    }
    if (lastId === null || lastId === '') return stop
    const missed = feed.since(lastId)
    if (missed === 'reset') {
      send(`event: reset\nid: ${feed.lastId}\ndata: ${JSON.stringify({ reason: 'Changes since this Last-Event-ID are no longer kept (or the server restarted): reload everything.' })}\n\n`)
      return stop
    }
    for (const fed of missed) if (visible(fed)) send(encoded(fed))
    return stop
  })
}

/** One timer for every open stream of a context: 200 clients cost one interval, not 200. */
const beats = new WeakMap<AppContext, { timer: NodeJS.Timeout; clients: Set<() => void> }>()

function heartbeat(ctx: AppContext, ping: () => void): () => void {
  let beat = beats.get(ctx)
  if (!beat) {
    const clients = new Set<() => void>()
    const ms = Number(ctx.config.env.CMS_EVENTS_HEARTBEAT_MS) || HEARTBEAT_MS
    const timer = setInterval(() => { for (const c of clients) c() }, ms)
    timer.unref()
    beats.set(ctx, (beat = { timer, clients }))
  }
  const b = beat
  b.clients.add(ping)
  return () => {
    b.clients.delete(ping)
    if (b.clients.size === 0) {
      clearInterval(b.timer)
      beats.delete(ctx)
    }
  }
}
