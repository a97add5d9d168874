import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { sseStream, SSE_HEADERS } from '../http/sse.ts'
import { CmsError } from '../../core/errors.ts'
import { editorState } from '../../sessions/editor-state.ts'
import { assetUsage, overview } from '../../service/project/overview.ts'
import type { ActivityMessage } from '../../service/project/activity.ts'
import { mailOutbox } from '../../end-users/admin.ts'

const PING_MS = 15_000

/** What the editor needs besides the content API: a change feed, the home screen, asset usage. */
export function registerEditorRoutes(app: CmsApp, ctx: AppContext): void {
  // Made on first use (the server makes it when it starts: start.ts), never while the app is built.
  const state = () => editorState(ctx)
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_admin/api/events', ability: 'read', token: 'always', project: 'optional',
      summary: 'Server-sent events: `entry`, `schema`, `asset`, `problems` for every change (API, CLI, watcher); `: ping` every 15 s',
      produces: 'events',
      handler: (event) => {
        // A client that accepts only something else (say JSON) would wait forever on a stream.
        const accept = event.req.headers.get('accept')
        if (accept && !/text\/event-stream|text\/\*|\*\/\*/i.test(accept)) {
          throw new CmsError('not_acceptable', 'This route is a server-sent event stream: send Accept: text/event-stream (EventSource does).')
        }
        return eventStream(state().activity.subscribe.bind(state().activity))
      },
    },
    {
      method: 'GET', path: '/_admin/api/overview', ability: 'read', token: 'always', project: 'optional',
      summary: 'Editor home: `{collections: [{slug, name, counts}], recent, problems}`',
      answer: 'Overview',
      handler: (event) => noStore(event, overview(ctx, state().activity.recent())),
    },
    {
      method: 'GET', path: '/_admin/api/auth/mail', ability: 'admin', token: 'always', project: 'optional',
      summary: 'Project auth\'s local outbox, newest first: `{enabled, data: [{id, kind, to, subject, text, link, created_at}]}`',
      answer: 'MailOutbox',
      handler: async (event) => noStore(event, await mailOutbox({ stateDir: ctx.config.stateDir, project: ctx.store.project })),
    },
    {
      method: 'GET', path: '/_admin/api/assets/:uuid/usage', ability: 'read', token: 'always', project: 'optional',
      summary: 'Entries using an asset: `{data: [{collection, uuid, title, field}]}`',
      answer: 'AssetUsage',
      handler: (event) => noStore(event, assetUsage(ctx, event.context.params?.uuid ?? '')),
    },
  ])
}

type Subscribe = (listener: (message: ActivityMessage) => void, onClose: () => void) => () => void

/**
 * The editor's browser reconnects this soon after the stream drops (EventSource's retry). The
 * editor talks to a server on the same machine, so an attempt costs next to nothing, and after a
 * `cms serve` restart the editor catches up within a second instead of three.
 */
const RECONNECT_MS = 1000

/** A text/event-stream answer fed by the activity hub until the client leaves or the server stops. */
function eventStream(subscribe: Subscribe): Response {
  const stream = sseStream(RECONNECT_MS, (send, close) => {
    const ping = setInterval(() => send(': ping\n\n'), PING_MS)
    ping.unref()
    const unsubscribe = subscribe((m) => send(`event: ${m.event}\ndata: ${JSON.stringify(m.data)}\n\n`), close)
    return () => {
      clearInterval(ping)
      unsubscribe()
    }
  })
  return new Response(stream, { status: 200, headers: SSE_HEADERS })
}

/** The answer as it is, never kept by a cache (h3 serialises it; the type set here is kept). */
function noStore<T>(event: H3Event, body: T): T {
  event.res.headers.set('content-type', 'application/json; charset=utf-8')
  event.res.headers.set('cache-control', 'no-store')
  return body
}
