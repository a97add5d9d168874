import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppContext } from '../../context.ts'
import { isSlug, isUuid } from '../../core/ids.ts'
import { getEntry, listEntriesNow, ListLater } from '../../service/entries/list.ts'
import type { ReadResult } from '../../service/entries/read-model.ts'
import { admitRequest, admitRoute, readAnswer, type AdmissionSpec, type Admitted, type Handover } from '../access/admission.ts'
import { credentialFromRequest, type Credential } from '../access/guard.ts'
import type { RateLimiter } from '../access/rate-limit.ts'
import type { RouteSpec } from '../access/route-access.ts'
import { splitApiPrefix } from '../http/api-prefix.ts'
import { repeatAnswers } from './repeat-answers.ts'
import { draftAccess } from '../access/draft-access.ts'
import { previewTokenOf } from '../access/preview-access.ts'
import { acceptedEncoding, COMPRESS_MIN, encodedNow, encodeLater, type Encoding } from '../http/compression.ts'

/**
 * Answers a request on Node's own objects (true), or says "not mine" (false): h3 answers it then,
 * with what this path learnt of it (see Handover) when it went as far as admitting it.
 */
export type FastRead = (req: IncomingMessage, res: ServerResponse) => boolean

const HOST_RE = /^[\w.-]+(?::\d{1,5})?$|^\[[\d:a-f.]+\](?::\d{1,5})?$/i

/**
 * The hot read path: `GET /{collection}` and `GET /{collection}/{uuid}` (and HEAD) answered straight on
 * Node's request and response, through the same admission as the h3 pipeline (admission.ts:
 * CORS, path and query limits, rate limit, project header, token and ability, in that order),
 * the same service call and the same answer headers (readAnswer: ETag, 304). Only successful
 * answers (200, 304) are given here; anything else, from a 400 to a 429, is left to h3, which
 * answers it as for any route, with what this path found (Handover: the admission, the error,
 * the parsed query of a list read for the sliced path): nothing is admitted or parsed twice.
 * A repeated anonymous read is answered before all this from what the last full pass for its
 * target decided (repeat-answers.ts).
 *
 * Why: with a cached answer, h3's web Request/Response adaptation cost more than everything
 * else a list read does, and a site build reading thousands of entries pays that on every
 * request (docs/benchmarks.md, "Measurements behind the code").
 */
export function createFastRead(ctx: AppContext, limiter: RateLimiter, routes: readonly RouteSpec[], handovers: WeakMap<object, Handover>): FastRead {
  // First path segments of other routes (`/collections`, `/files`, ...): never a collection here.
  const reserved = new Set(routes.map((r) => r.path.split('/')[1] ?? '').filter((s) => s && !s.startsWith(':')))
  // The specs of the h3 routes this path stands in for (entries-read.ts): their access rules, not a copy.
  const specOf = (path: string): AdmissionSpec => routes.find((r) => r.method === 'GET' && r.path === path) ?? { method: 'GET', ability: 'read' }
  const listSpec = specOf('/:collection')
  const entrySpec = specOf('/:collection/:uuid')
  // Request targets seen before and what they route to (null: not a read this path answers).
  // A site build repeats a few thousand targets: routing one is then a single map lookup.
  const targets = new Map<string, Target | null>()
  const routeOf = (target: string): Target | null => {
    let route = targets.get(target)
    if (route === undefined) {
      route = parseTarget(target, reserved)
      if (target.length > TARGET_CHARS_MAX) return route
      if (targets.size >= TARGETS_MAX) targets.clear()
      targets.set(target, route)
    }
    return route
  }
  // The last Host header that passed, and the origins built from it (a client sends one Host):
  // [http, http + /api, https, https + /api].
  let lastHost = ''
  let origins: string[] = []
  const repeats = repeatAnswers(ctx)
  return (req, res) => {
    const method = req.method
    if (method !== 'GET' && method !== 'HEAD') return false
    const target = req.url ?? ''
    // The scheme as h3 sees it (srvx: a TLS socket is https; forwarded ones go to h3 below).
    const tls = (req.socket as { encrypted?: boolean }).encrypted === true
    const repeat = method === 'GET' ? repeats.match(target, req.rawHeaders, tls, req.socket) : undefined
    if (repeat !== undefined) {
      res.writeHead(200, repeat.head)
      res.end(repeat.bytes)
      return true
    }
    const route = routeOf(target)
    if (route === null) return false
    const { slug, uuid, search, query, prefix } = route
    const headers = req.headers
    const host = headers.host
    // Links are built from the origin h3 would see; anything a proxy could rewrite goes to h3.
    if (!host || headers['x-forwarded-host'] || headers['x-forwarded-proto'] || headers.origin === '') return false
    if (host !== lastHost) {
      if (!HOST_RE.test(host)) return false
      lastHost = host
      origins = []
    }
    let credential: Credential | undefined
    const credentialOnce = (): Credential => (credential ??= credentialFromRequest(headers.authorization, headers.cookie, ctx))
    const admitted: Admitted = { headers: {} }
    try {
      admitRequest({ method, target, search, origin: headers.origin, ip: req.socket.remoteAddress, credential: credentialOnce }, ctx, limiter, admitted)
    } catch (error) {
      return notMine(handovers, req, { admitted, refused: { error } })
    }
    const spec = uuid === null ? listSpec : entrySpec
    let principal: ReturnType<typeof admitRoute>
    try {
      // GET and HEAD are safe methods: the session's same-origin rule never refuses them.
      principal = admitRoute({ projectId: headers['project-id'] as string | undefined, credential: credentialOnce, checkSameOrigin: safeMethod, preview: () => previewTokenOf(headers['cms-preview'] as string | undefined, search) }, ctx, spec)
    } catch (error) {
      return notMine(handovers, req, { admitted, route: { spec, error } })
    }
    // An end user's token to verify (async, then refused): h3 answers it.
    if (principal instanceof Promise) {
      principal.catch(() => {})
      return notMine(handovers, req, { admitted, route: { spec, principal } })
    }
    let result: ReadResult | ListLater
    try {
      const which = (tls ? 2 : 0) + (prefix ? 1 : 0)
      const origin = (origins[which] ??= `${tls ? 'https' : 'http'}://${host}${prefix}`)
      // Drafts only for a caller who may read them (a refusal is h3's to answer, like any error).
      const drafts = draftAccess(ctx, principal, credentialOnce, slug, uuid, query)
      result = uuid === null
        ? listEntriesNow(ctx, slug, query, origin, drafts)
        : getEntry(ctx, slug, uuid, query, origin, drafts)
    } catch (error) {
      return notMine(handovers, req, { admitted, route: { spec, principal }, read: { error } })
    }
    // A long list read: h3's route runs it in slices, from the query parsed here.
    if (result instanceof ListLater) return notMine(handovers, req, { admitted, route: { spec, principal }, read: { later: result } })
    const answer = readAnswer(result, headers['if-none-match'])
    const extra = admitted.headers
    let any = false
    for (const _ in extra) { any = true; break }
    if (answer.status === 304) {
      res.writeHead(304, headerList(any ? { ...answer.headers, ...extra } : answer.headers))
      res.end()
      return true
    }
    // Answers are cached (service/entries/list.ts): encode each once, and build its header list once.
    const bytes = (result.bytes ??= Buffer.from(result.body))
    let node = nodeAnswers.get(result)
    if (!node) nodeAnswers.set(result, (node = nodeAnswer(result, bytes, answer.headers)))
    // Large answers go compressed to a client that asks (compression.ts); one that does not pays
    // nothing more: the encoder is made once per cached answer, with its header list.
    const { head, encode } = node
    // Nothing added by admission (no CORS, no rate limit) and no credential: the same again next time.
    // A preview token's answer is never repeated: the token may expire or be revoked meanwhile.
    if (!any && admitted.decision == null && method === 'GET' && principal.kind !== 'preview') repeats.keep(target, headers, tls, { head, bytes, encode })
    const encoding = encode && acceptedEncoding(headers['accept-encoding'])
    const sent = encoding ? encode(encoding) : { head, bytes }
    if (sent === undefined) {
      // A large answer not compressed yet: off the event loop, then sent (plain if that failed).
      encodeLater(result, bytes, encoding!).then(() => encode!(encoding!)!, () => ({ head, bytes })).then((later) => {
        res.writeHead(200, any ? later.head.concat(headerList(extra)) : later.head)
        res.end(later.bytes)
      }, () => res.destroy())
      return true
    }
    res.writeHead(200, any ? sent.head.concat(headerList(extra)) : sent.head)
    res.end(sent.bytes)
    return true
  }
}

/**
 * Headers as Node's flat `[name, value, ...]` list, the form the bare ceiling sends: given an
 * object, `writeHead` walks it with for-in and an own-property check per name.
 */
function headerList(headers: Record<string, string>): string[] {
  const list: string[] = []
  for (const name in headers) list.push(name, headers[name] as string)
  return list
}

const safeMethod = (): void => {}

/** Not mine: h3 answers the request, taking over what this path found (see Handover). */
function notMine(handovers: WeakMap<object, Handover>, req: IncomingMessage, found: Handover): false {
  handovers.set(req, found)
  return false
}

/** Where a request target routes on this path: a collection (and an entry), the query, the `/api` prefix. */
interface Target {
  slug: string
  uuid: string | null
  /** The query part with its `?` ('' when none). */
  search: string
  /** The query part without its `?`. */
  query: string
  prefix: string
}

/** Targets kept routed: at most this many, each at most this long (a long one is routed each time). */
const TARGETS_MAX = 4096
const TARGET_CHARS_MAX = 1024

function parseTarget(target: string, reserved: ReadonlySet<string>): Target | null {
  const q = target.indexOf('?')
  const { path, prefix } = splitApiPrefix(q === -1 ? target : target.slice(0, q))
  const search = q === -1 ? '' : target.slice(q)
  const slash = path.indexOf('/', 1)
  const slug = slash === -1 ? path.slice(1) : path.slice(1, slash)
  const uuid = slash === -1 ? null : path.slice(slash + 1)
  if (!isSlug(slug) || reserved.has(slug) || (uuid !== null && !isUuid(uuid))) return null
  return { slug, uuid, search, query: search.slice(1), prefix }
}

/**
 * An answer's compressed forms with their header lists, each made once per cached answer;
 * undefined while a large one is not made yet (encodeLater makes it).
 */
function encoder(result: ReadResult, bytes: Buffer, head: string[]): (encoding: Encoding) => { head: string[]; bytes: Buffer } | undefined {
  return (encoding) => {
    // One answer object per encoding, kept: a repeated read allocates nothing.
    let answers = encodedAnswers.get(result)
    const kept = answers?.[encoding]
    if (kept) return kept
    const packed = encodedNow(result, bytes, encoding)
    if (packed === undefined) return undefined
    if (!answers) encodedAnswers.set(result, (answers = {}))
    return (answers[encoding] = { head: withEncoding(head, encoding, packed.length), bytes: packed })
  }
}

/** A header list with Content-Encoding, its Content-Length, and Vary: Accept-Encoding. */
function withEncoding(head: string[], encoding: Encoding, length: number): string[] {
  const out: string[] = []
  for (let i = 0; i < head.length; i += 2) {
    if (head[i] === 'content-length') out.push('content-length', String(length))
    else out.push(head[i]!, head[i + 1]!)
  }
  out.push('content-encoding', encoding, 'vary', 'Accept-Encoding')
  return out
}

const encodedAnswers = new WeakMap<ReadResult, Partial<Record<Encoding, { head: string[]; bytes: Buffer }>>>()

/** The Node header list of each cached 200 answer (readAnswer's headers and its Content-Length), and its encoder when it is large. */
const nodeAnswers = new WeakMap<ReadResult, { head: string[]; encode: ReturnType<typeof encoder> | undefined }>()

function nodeAnswer(result: ReadResult, bytes: Buffer, headers: Record<string, string>): { head: string[]; encode: ReturnType<typeof encoder> | undefined } {
  const head = headerList({ ...headers, 'content-length': String(bytes.length) })
  return { head, encode: bytes.length >= COMPRESS_MIN ? encoder(result, bytes, head) : undefined }
}
