import type { IncomingHttpHeaders } from 'node:http'
import type { AppContext } from '../../context.ts'
import type { ResolvedConfig } from '../../config.ts'
import { isLoopbackAddress } from '../../core/loopback.ts'
import type { ContentStore } from '../../storage/store.ts'
import { acceptedEncoding, type Encoding } from '../http/compression.ts'

/**
 * Repeated anonymous reads, answered from one record per request target.
 *
 * A site build asks the same few thousand targets again and again, with no credential, no
 * Origin and no If-None-Match. For such a request everything the fast read path decides
 * (admission's steps, the route, the cached answer, its header list) depends only on the target,
 * the Host and Project-Id headers, the scheme, the store's content (every change counts, tokens
 * and project settings included) and the config. This keeps what the last full pass decided for
 * a target and answers from it while none of those moved; anything else takes the full pass.
 *
 * Why: at 10k entries a cached read's cost is mostly first-level cache misses, not
 * instructions (callgrind's cache simulation, docs/benchmarks.md, sessions 7–8): the full pass
 * runs a dozen small functions and reads as many objects between two answers, evicting Node's
 * own HTTP code each time. This is one map lookup and a few string compares.
 */
export interface RepeatAnswers {
  /**
   * The record for a request, or undefined when the full pass must run. Reads Node's raw header
   * list: `req.headers` is an object Node builds on its first access, which the bare server
   * never pays for.
   */
  match(target: string, rawHeaders: readonly string[], tls: boolean, socket: { readonly remoteAddress?: string | undefined }): RepeatAnswer | undefined
  /** Keeps what a full pass answered, when the request was one this may answer again. */
  keep(target: string, headers: IncomingHttpHeaders, tls: boolean, answer: KeptAnswer): void
}

export interface RepeatAnswer {
  head: string[]
  bytes: Buffer
}

/** The answer to keep, and its compressed forms when it is large enough to have them (fast-read.ts). */
export interface KeptAnswer extends RepeatAnswer {
  /** Undefined for an encoding not made yet (a large answer: the full pass makes it, off the event loop). */
  encode: ((encoding: Encoding) => RepeatAnswer | undefined) | undefined
}

interface Kept {
  /** The plain answer, an object of the same shape as the compressed ones (the caller's reads stay monomorphic). */
  answer: RepeatAnswer
  encode: KeptAnswer['encode']
  host: string
  projectId: string
  tls: boolean
  /** The store's change count and the config the full pass ran with. */
  changes: number
  config: ResolvedConfig
}

/** At most this many targets and bytes of answers kept (they are shared with the answer cache while both hold them). */
const KEPT_MAX = 2048
const KEPT_BYTES = 32 * 1024 * 1024
/** Larger answers are not kept here (they go through the answer cache, which bounds its own size). */
const ANSWER_BYTES_MAX = 256 * 1024

export function repeatAnswers(ctx: AppContext): RepeatAnswers {
  const kept = new Map<string, Kept>()
  const changes = changeCounter(ctx.store)
  let bytes = 0
  // The client address matters only to the rate limit: a loopback client is not limited unless asked.
  let lastLoopback = ''
  const unlimited = (config: ResolvedConfig, ip: string | undefined): boolean => {
    if (config.rateLimitPerMinute <= 0) return true
    if (config.rateLimitExplicit || ip === undefined) return false
    if (ip === lastLoopback) return true
    if (!isLoopbackAddress(ip)) return false
    lastLoopback = ip
    return true
  }
  return {
    match(target, raw, tls, socket) {
      const hit = kept.get(target)
      if (hit === undefined || hit.changes !== changes.n || hit.config !== ctx.config || tls !== hit.tls) return undefined
      // Host and Project-Id once each and as kept, none of the headers `anonymous` excludes.
      let host = false
      let project = false
      let accepts: string | undefined
      for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i]!
        const key = nameKey(name)
        if (key === HOST_KEY && sameName(name, 'host')) {
          if (host || raw[i + 1] !== hit.host) return undefined
          host = true
        } else if (key === PROJECT_KEY && sameName(name, 'project-id')) {
          if (project || raw[i + 1] !== hit.projectId) return undefined
          project = true
        } else if (key === ACCEPT_ENCODING_KEY && hit.encode !== undefined && sameName(name, 'accept-encoding')) {
          accepts = raw[i + 1]
        } else if (EXCLUDED_KEYS.has(key) && (EXCLUDED.has(name) || EXCLUDED.has(name.toLowerCase()))) {
          return undefined
        }
      }
      if (!host || !project || !unlimited(hit.config, socket.remoteAddress)) return undefined
      const encoding = accepts === undefined ? undefined : acceptedEncoding(accepts)
      return encoding ? hit.encode!(encoding) : hit.answer
    },
    keep(target, headers, tls, answer) {
      const { host } = headers
      const projectId = headers['project-id']
      if (host === undefined || typeof projectId !== 'string' || !anonymous(headers)) return
      const size = answer.bytes.length
      if (size > ANSWER_BYTES_MAX || target.length > 1024) return
      const previous = kept.get(target)
      if (previous) bytes -= previous.answer.bytes.length
      else if (kept.size >= KEPT_MAX || bytes + size > KEPT_BYTES) { kept.clear(); bytes = 0 }
      kept.set(target, { answer: { head: answer.head, bytes: answer.bytes }, encode: answer.encode, host, projectId, tls, changes: changes.n, config: ctx.config })
      bytes += size
    },
  }
}

/** Changes of a store so far, of any kind (entries, collections, project, tokens, ...): one listener per store. */
function changeCounter(store: ContentStore): { n: number } {
  let counter = COUNTERS.get(store)
  if (!counter) {
    const c = (counter = { n: 0 })
    store.onChange(() => { c.n++ })
    COUNTERS.set(store, c)
  }
  return counter
}

const COUNTERS = new WeakMap<ContentStore, { n: number }>()

/**
 * No credential (token, session cookie or preview token), no Origin (CORS headers), no conditional request,
 * nothing a proxy rewrites: the requests whose answer depends on the target alone.
 */
const EXCLUDED = new Set(['authorization', 'cookie', 'cms-preview', 'origin', 'if-none-match', 'x-forwarded-host', 'x-forwarded-proto'])

/**
 * A header name's length and first letter (any case): most names a request carries are told
 * apart by it without lower-casing them (lower-casing every name cost ~150 instructions each
 * per answer under callgrind).
 */
const nameKey = (name: string): number => name.length * 128 + (name.charCodeAt(0) | 0x20)
const sameName = (name: string, lower: string): boolean => name === lower || name.toLowerCase() === lower
const HOST_KEY = nameKey('host')
const PROJECT_KEY = nameKey('project-id')
const ACCEPT_ENCODING_KEY = nameKey('accept-encoding')
const EXCLUDED_KEYS = new Set([...EXCLUDED].map(nameKey))

function anonymous(headers: IncomingHttpHeaders): boolean {
  for (const name of EXCLUDED) if (headers[name] !== undefined) return false
  return true
}
