import type { H3Event } from 'h3'
import type { Ability } from '../../core/types.ts'
import type { EndUserPrincipal } from '../../end-users/accounts.ts'
import type { PreviewClaims } from '../../preview/preview-tokens.ts'
import type { AnswerName, Answers, InputName } from '../http/answers.ts'
import type { JsonText } from '../http/json-text.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What the guard needs to know about a route: who may call it and how (see guard.ts, route.ts). */
export interface RouteAccess {
  method: Method
  path: string
  /** Ability the caller needs; `null` for routes outside the project scope. */
  ability: Ability | null
  /** `always`: a token is needed even on a public project (writes, webhooks, versions, assets). */
  token?: 'always' | 'private-only'
  /** `optional`: the `project-id` header may be left out (checked when sent): the editor's own routes. */
  project?: 'optional'
  /**
   * Project auth (`/auth/*`, 404 while off): `open` routes need only the project header (sign-up,
   * sign-in, refresh, verification); `user` routes an end user's access token (their principal
   * is `end-user`); `client` routes a project API token with `ability` (introspection).
   */
  projectAuth?: 'open' | 'user' | 'client'
  /**
   * `true`: a preview token (`Cms-Preview` header or `preview` query parameter) stands in for a
   * read credential (the entry reads and `/_events`; see access/preview-access.ts).
   */
  preview?: true
}

export type Principal =
  | { kind: 'public' }
  | { kind: 'token'; name: string; abilities: ReadonlySet<string>; key: string }
  | { kind: 'local-admin'; key: string }
  /** An editor session (the `cms_session` cookie): a sign-in link's (all abilities) or a pasted token's. */
  | { kind: 'session'; name: string; abilities: ReadonlySet<string>; key: string; via: 'link' | 'token'; expiresAt: number }
  /** A signed-in end user of project auth (their access token): only the `/auth/*` routes take it. */
  | EndUserPrincipal
  /** A site reading with a preview token (read-only; drafts of its project, or of its one entry). */
  | { kind: 'preview'; claims: PreviewClaims }

interface RouteBase extends RouteAccess {
  /** One line for the route table in docs/api.md. */
  summary: string
  /**
   * Runs one at a time with the other serial routes of the app: changes of settings and schema
   * computed from the current record (which the store applies only once its file is durable),
   * so concurrent ones apply one after the other instead of the later being refused with 409.
   */
  serial?: true
  /** What its JSON body is, by name (http/answers.ts `Inputs`): the OpenAPI document's request body. */
  input?: InputName
  /** The body may be left out (the handler reads it with `{ optional: true }`). */
  optionalBody?: true
  /**
   * The status of a successful answer when it is not 200: 201 (created), 202 (accepted), or either.
   * The OpenAPI document says it, and the suite's contract check holds the route to it.
   */
  status?: SuccessStatus
}

/**
 * What a route answers that is not JSON: `empty` (204), `redirect` (303), `html` (a page),
 * `script` (JavaScript), `events` (a server-sent event stream), `file` (a file's own bytes).
 */
export type SuccessStatus = 201 | 202 | readonly [201, 202]

export type Produces = 'empty' | 'redirect' | 'html' | 'script' | 'events' | 'file'

/** What a route naming answer `K` may return: the value, its JSON text (http/json-text.ts), or a Response with it. */
type AnswerOf<K extends AnswerName> = Answers[K] | JsonText<Answers[K]> | Response

/** A route that names what it answers (http/answers.ts): its handler must return that. */
type AnsweredRoute = { [K in AnswerName]: RouteBase & { answer: K; produces?: undefined; handler: (event: H3Event, principal: Principal) => AnswerOf<K> | Promise<AnswerOf<K>> } }[AnswerName]

/** A route that answers something other than JSON (see Produces), or (for now) JSON it does not name. */
type OtherRoute = RouteBase & { answer?: undefined; produces?: Produces; handler: (event: H3Event, principal: Principal) => unknown }

/** A route: who may call it, what it does, what it takes and what it answers. */
export type RouteSpec = AnsweredRoute | OtherRoute
