import type { EntryData } from '../../../service/entries/entry-answers.ts'
import type { ReviewInput, ReviewStatus } from '../../../service/entries/review.ts'
import type { EntryScheduleInput } from '../../../service/schedule/entry-schedule.ts'
import type { ScheduledItem } from '../../../service/schedule/scheduled.ts'
import type { RunResult, ScheduleRunInput } from '../../../service/schedule/run.ts'
import type { Release } from '../../../service/releases/store.ts'
import type { ReleaseDeleted, ReleaseDetail, ReleaseInput, ReleaseItemInput, ReleasePatch } from '../../../service/releases/releases.ts'

/** Scheduling, review and releases (server/routes/scheduling.ts, docs/scheduling.md). */
export interface SchedulingAnswers {
  /** The scheduled entry changes, soonest first. */
  Schedule: { data: ScheduledItem[] }
  /** A schedule run: what it applied (or, dry, would apply) and what was due but skipped, with why. */
  ScheduleRun: RunResult
  /** An entry (its draft) after its schedule or review state changed, with what is pending for it. */
  ScheduledEntry: EntryData
  /** An entry's review state and every move of it, oldest first. */
  Review: { data: ReviewStatus }
  /** Every release: those going live soonest first, published ones last (newest first). */
  ReleaseList: { data: Release[] }
  /** A release as its file holds it. */
  Release: Release
  /** A release, each item with its entry's title and locale and what will change when it goes live. */
  ReleaseDetail: ReleaseDetail
  /** A release deleted. */
  ReleaseDeleted: ReleaseDeleted
}

/** The JSON bodies of scheduling, review and releases. */
export interface SchedulingInputs {
  /** Apply the due changes, or (dry_run) only list them. */
  ScheduleRunInput: ScheduleRunInput
  /** An entry's publish and unpublish times (null clears one). */
  EntryScheduleInput: EntryScheduleInput
  /** Move an entry's review. */
  ReviewInput: ReviewInput
  /** A release to create. */
  ReleaseInput: ReleaseInput
  /** A release's new name or time. */
  ReleasePatch: ReleasePatch
  /** An entry to add to a release. */
  ReleaseItemInput: ReleaseItemInput
}
