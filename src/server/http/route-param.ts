import type { H3Event } from 'h3'

/**
 * A path parameter of the matched route, percent-decoded (`/collections/caf%C3%A9` → `café`); a
 * malformed escape (`%E0%A4%A`) is kept as it came, so it is reported as not found rather than
 * failing the request.
 */
export function decodeParam(event: H3Event, name: string): string {
  const raw = event.context.params?.[name] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
