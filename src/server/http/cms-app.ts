import { H3 } from 'h3'
import type { RouteSpec } from '../access/route-access.ts'
import type { FastRead } from '../fast-read/fast-read.ts'
import type { Handover } from '../access/admission.ts'

/**
 * The h3 app of one context, with what the app knows about itself: its route table (filled by
 * defineRoutes; the source of 405 answers, the OpenAPI document and docs/api.md), its fast read
 * path (served by listen.ts in front of h3), what that path learnt of the requests it left to
 * h3 (by Node's request; the middleware takes them) and what to do before its server stops listening.
 * Held on the app rather than in module globals, so two apps never share or leak a table.
 */
export class CmsApp extends H3 {
  readonly routes: RouteSpec[] = []
  fastRead: FastRead | undefined
  readonly handovers = new WeakMap<object, Handover>()
  beforeClose: (() => void) | undefined
}
