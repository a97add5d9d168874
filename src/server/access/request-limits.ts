import { badRequest, notFound } from '../../core/errors.ts'

/**
 * Limits on the request target every route shares. The listing's query parser (qs) is
 * configured within these, so a query beyond them is a 400 here rather than silently
 * truncated or dropped by the parser.
 */
export const QUERY_LIMITS = {
  /** Parameters per query string (qs `parameterLimit`). */
  parameters: 1000,
  /** Bracket levels per key, e.g. `where[or][0][author][name][like]` is 5 (qs `depth`). */
  depth: 6,
  /** Largest numeric index in a bracket, e.g. `where[or][1000]`. */
  arrayIndex: 1000,
} as const

/** Key segments that would reach an object's prototype if a parser ever honoured them. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])
const CONTROL_RE = /[\u0000-\u001f\u007f]/

/**
 * Rejects a query string beyond the limits: too many parameters, too deep, huge indices,
 * reserved keys (`__proto__`, `constructor`, `prototype`, which qs drops silently), and
 * percent-encoding that is not UTF-8. Throws a 400 CmsError naming the problem.
 */
export function checkQuery(search: string): void {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (!query) return
  const pairs = query.split('&')
  if (pairs.length > QUERY_LIMITS.parameters) {
    throw badRequest(`The query string has ${pairs.length} parameters; at most ${QUERY_LIMITS.parameters} are accepted.`)
  }
  for (const pair of pairs) {
    if (!pair) continue
    const eq = pair.indexOf('=')
    const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq))
    if (eq !== -1) decodeComponent(pair.slice(eq + 1))
    const root = key.split('[', 1)[0] ?? ''
    const segments = [root, ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')]
    for (const segment of segments) {
      if (RESERVED.has(segment.trim())) throw badRequest(`Query parameter ${JSON.stringify(shorten(key))} uses the reserved name "${segment.trim()}".`)
      if (/^\d+$/.test(segment) && Number(segment) > QUERY_LIMITS.arrayIndex) {
        throw badRequest(`Query parameter ${JSON.stringify(shorten(key))} uses index ${shorten(segment)}; indices above ${QUERY_LIMITS.arrayIndex} are not accepted.`)
      }
    }
    if (segments.length - 1 > QUERY_LIMITS.depth) {
      throw badRequest(`Query parameter ${JSON.stringify(shorten(key))} is nested ${segments.length - 1} levels deep; at most ${QUERY_LIMITS.depth} are accepted.`)
    }
  }
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw badRequest('The query string is not valid percent-encoded UTF-8.')
  }
}

/**
 * Rejects path segments that could only be an attempt to leave the content root: `.`/`..`
 * (also percent-encoded), encoded separators, NUL and control characters. Looks at the raw
 * request target, before any URL normalisation. 404 like any unknown path.
 *
 * Each segment is judged as sent and decoded once, the reading every route uses (h3 hands
 * path parameters over undecoded; routes decode them once). Not decoded twice: that refused
 * names whose second decoding no route ever makes, such as a file named `x%2Fy.txt`
 * (`GET /files/name/x%252Fy.txt` answered 404).
 */
export function checkPath(rawTarget: string): void {
  const path = rawTarget.split('?', 1)[0] ?? ''
  for (const segment of path.split('/')) {
    if (!segment) continue
    let once: string
    try {
      once = decodeURIComponent(segment)
    } catch {
      throw badRequest('The path is not valid percent-encoded UTF-8.')
    }
    for (const form of [segment, once]) {
      if (form === '.' || form === '..' || form.includes('/') || form.includes('\\') || CONTROL_RE.test(form)) {
        throw notFound('Not Found.')
      }
    }
  }
}

const shorten = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}...` : text)

