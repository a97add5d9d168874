import type { Page } from '../../core/types.ts'
import type { OpenApiDocument } from '../../codegen/openapi.ts'
import type { EditorSession } from '../../sessions/editor-session.ts'
import type { TranslationGaps } from '../../query/translation-gaps.ts'
import type { EntryGaps } from '../../service/entries/translation-entries.ts'
import type { SearchHit } from '../../service/entries/search.ts'
import type { ReplicaStatus } from '../../replica/follower.ts'
import type { PreviewConfig, PreviewLink, PreviewLinkInput, PreviewTokenInput, PreviewTokenIssued, PreviewTokenRevoked, PreviewTokensRevoked } from '../../service/preview/preview-tokens.ts'
import type { CreatedToken, TokenInfo, TokenInput } from '../../service/tokens/manage.ts'
import type { DeliveryLogRecord } from '../../webhooks/logs.ts'
import type { Redelivery, TestResult, WebhookInput, WebhookOutput } from '../../webhooks/service.ts'
import type { FamilyAnswers, FamilyInputs } from './answers/families.ts'

/**
 * What a route answers, by name: a route says `answer: 'Webhook'` (access/route-access.ts), its
 * handler must then return that type (tsc checks it), the OpenAPI document describes the answer
 * with the JSON Schema generated from the type (codegen/answer-schemas.ts, written by
 * `npm run schemas:answers`), and the test suite checks every such answer against it
 * (http/answer-check.ts). The types stay the one source: the schemas are derived, never written.
 */
export interface Answers extends FamilyAnswers {
  /** A webhook: the record without its secret (only whether it has one), with its collections spelled out. */
  Webhook: WebhookOutput
  /** Every webhook. */
  WebhookList: WebhookOutput[]
  /** A webhook's delivery attempts, newest first: all of them, or a page with `paginate`. */
  WebhookLogs: Page<DeliveryLogRecord>
  /** A test ping sent now, with the receiver's answer. */
  WebhookTest: TestResult
  /** A logged delivery queued again. */
  WebhookRedelivery: Redelivery
  /** An API token as listed: never its secret, only its last 4 characters. */
  Token: TokenInfo
  /** Every API token. */
  TokenList: TokenInfo[]
  /** A token just made: the secret, shown this once. */
  CreatedToken: CreatedToken
  /** A preview token just issued. */
  PreviewToken: PreviewTokenIssued
  /** A link to an entry on the site in preview mode. */
  PreviewLink: PreviewLink
  /** The project's preview settings the editor reads. */
  PreviewConfig: PreviewConfig
  PreviewTokenRevoked: PreviewTokenRevoked
  PreviewTokensRevoked: PreviewTokensRevoked
  /** A `--follow` replica: what it follows, the commit it serves, its last sync and error. */
  Replica: ReplicaStatus
  /** Entries of every collection that match a search, best first. */
  Search: { data: SearchHit[] }
  /** What is missing in which locale: the whole report, its summary (the locales), or one entry's. */
  TranslationGaps: TranslationGaps | Pick<TranslationGaps, 'locales'> | EntryGaps
  /** The signed-in editor. */
  EditorSession: EditorSession
  /** The OpenAPI 3.1 document of this server. */
  OpenApiDocument: OpenApiDocument
}

export type AnswerName = keyof Answers

/**
 * What a route takes in its JSON body, by name: a route says `input: 'WebhookInput'`; the OpenAPI
 * document describes its request body with the schema generated from the type. The service still
 * checks a body itself (its errors name the field in the user's words); the schema is what a
 * client and the reader of the document see.
 */
export interface Inputs extends FamilyInputs {
  /** A webhook to create (name, url and events are required) or the fields to change (any subset). */
  WebhookInput: WebhookInput
  TokenInput: TokenInput
  PreviewTokenInput: PreviewTokenInput
  PreviewLinkInput: PreviewLinkInput
}

export type InputName = keyof Inputs
