import type { H3Event } from 'h3'

declare const answerOf: unique symbol

/**
 * JSON text of a `T`: what a route answers through h3's own response path (a string body, with
 * status and headers on `event.res`), which on Node is srvx's fast response, measurably cheaper
 * than a web `Response` (docs/benchmarks.md). The type remembers what was serialised, so a route
 * that names its answer (http/answers.ts) is still checked by tsc.
 */
export type JsonText<T> = string & { readonly [answerOf]: T }

/** Sets the status and the JSON content type on `event.res` and answers `body` serialised. */
export function jsonText<T>(event: H3Event, body: T, status = 200): JsonText<T> {
  event.res.status = status
  event.res.headers.set('content-type', 'application/json; charset=utf-8')
  return JSON.stringify(body) as JsonText<T>
}

/** Text that is already the JSON of a `T` (a serialised answer the read model keeps), typed as such. */
export const asJsonText = <T>(text: string): JsonText<T> => text as JsonText<T>

/** A JSON answer as a web Response (for a status or headers a plain value cannot carry), in the one content type routes answer with. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } })
}
