import type { ServiceContext } from '../context.ts'
import type { CollectionIndex } from '../../storage/content-index.ts'
import { REVIEW_STATES, type EntryRecord, type EntryReview, type ReviewState, type ReviewStep } from '../../core/types.ts'
import { forbidden, unprocessable } from '../../core/errors.ts'
import { now } from '../../core/ids.ts'
import { currentActor } from '../../core/actor.ts'
import { output, requireCollection, requireEntry, withEntryLock } from './common.ts'
import type { EntryWriteOptions } from './etag.ts'
import { checkIfMatch } from './etag.ts'
import type { EntryData } from './entry-answers.ts'

/**
 * Review before publishing (`workflow: review` in a collection's schema file, docs/scheduling.md):
 * entries move draft → in_review → approved, each move kept with who and when in the entry's
 * file (so it travels with git). While the workflow is on, publishing an entry that is not
 * approved needs `admin`; an edit after approval sends the entry back to review.
 */

const HISTORY_LIMIT = 50

export const hasReview = (index: CollectionIndex): boolean => index.collection.workflow === 'review'

export const reviewStateOf = (entry: EntryRecord): ReviewState => entry.review?.state ?? 'draft'

/** The review after a move to `state` (the previous move goes to the history). */
export function movedReview(entry: EntryRecord, state: ReviewState, note: string | null = null): EntryReview {
  const step: ReviewStep = { state, by: currentActor().name, at: now(), ...(note ? { note } : {}) }
  const previous = entry.review
  if (!previous) return step
  const { history = [], ...last } = previous
  return { ...step, history: [...history, last].slice(-HISTORY_LIMIT) }
}

/** Refuses publishing an unapproved entry of a review collection, unless the caller has `admin`. */
export function checkMayPublish(index: CollectionIndex, entry: EntryRecord | null): void {
  if (!hasReview(index)) return
  if (entry && reviewStateOf(entry) === 'approved') return
  if (currentActor().admin) return
  throw unprocessable('This collection needs a review before publishing: the entry must be approved first (or published by someone with the admin ability).', { review: ['The entry is not approved.'] })
}

/** An edit of the draft after approval sends the entry back to review. */
export function reviewAfterEdit(index: CollectionIndex, current: EntryRecord): EntryReview | undefined {
  if (!hasReview(index) || reviewStateOf(current) !== 'approved') return current.review
  return movedReview(current, 'in_review', 'Edited after approval.')
}

/** The body of `POST /{collection}/{uuid}/review`: the state to move to (approved needs admin) and an optional note (at most 2000 characters). */
export interface ReviewInput {
  state: ReviewState
  note?: string | null
}

/** `POST /{collection}/{uuid}/review` `{state, note?}` (ReviewInput) → `{data: entry}`. */
export async function setReviewState(ctx: ServiceContext, slug: string, uuid: string, body: Record<string, unknown>, options: EntryWriteOptions = {}): Promise<EntryData> {
  const index = requireCollection(ctx, slug)
  requireEntry(index, uuid)
  if (!hasReview(index)) throw unprocessable(`The collection "${slug}" has no review workflow (add "workflow: review" to its schema file).`, { state: ['This collection has no review workflow.'] })
  const state = body.state
  if (typeof state !== 'string' || !(REVIEW_STATES as readonly string[]).includes(state)) {
    throw unprocessable('The state field must be one of: draft, in_review, approved.', { state: ['Use "draft", "in_review" or "approved".'] })
  }
  const note = body.note
  if (note !== undefined && note !== null && (typeof note !== 'string' || note.length > 2000)) throw unprocessable('The note must be text of at most 2000 characters.', { note: ['Must be text of at most 2000 characters.'] })
  if (state === 'approved' && !currentActor().admin) throw forbidden('Approving an entry needs the admin ability.')
  return withEntryLock(ctx, uuid, async () => {
    const current = requireEntry(index, uuid)
    checkIfMatch(options.ifMatch, current)
    const entry: EntryRecord = { ...current, review: movedReview(current, state as ReviewState, typeof note === 'string' && note.trim() ? note.trim() : null) }
    await ctx.store.putEntry(slug, entry, ctx.source)
    options.written?.(entry)
    return { data: output(index, entry, 'draft') }
  })
}

/** An entry's review as `GET /{collection}/{uuid}/review` answers it: the current state (draft, by nobody, at its creation, until first moved) and every move, oldest first (the current one last). */
export interface ReviewStatus {
  state: ReviewState
  by: string | null
  at: string
  note: string | null
  history: ReviewStep[]
}

/** `GET /{collection}/{uuid}/review` → `{data: {state, by, at, note, history}}`: the moves, oldest first. */
export function getReview(ctx: ServiceContext, slug: string, uuid: string): { data: ReviewStatus } {
  const index = requireCollection(ctx, slug)
  const entry = requireEntry(index, uuid)
  if (!hasReview(index)) throw unprocessable(`The collection "${slug}" has no review workflow.`, { state: ['This collection has no review workflow.'] })
  const r = entry.review
  const history = r ? [...(r.history ?? []), { state: r.state, by: r.by, at: r.at, note: r.note ?? null }] : []
  return { data: { state: reviewStateOf(entry), by: r?.by ?? null, at: r?.at ?? entry.created_at, note: r?.note ?? null, history } }
}
