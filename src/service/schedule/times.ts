import type { FieldErrors } from '../../schema/field-errors.ts'

/** ISO 8601 with a date, a time and an offset (`Z` or `±hh:mm`): a time without one is ambiguous. */
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i

/**
 * A schedule time from a request: `undefined` (not given), `null` (clear it) or the time in
 * UTC (`toISOString`). Problems go into `errors` under `key`, in the user's words.
 */
export function parseScheduleTime(raw: unknown, key: string, errors: FieldErrors, nowMs = Date.now()): string | null | undefined {
  if (raw === undefined) return undefined
  if (raw === null || raw === '') return null
  if (typeof raw !== 'string') return void (errors[key] = [`The ${key} field must be an ISO 8601 date and time with an offset, e.g. 2030-05-04T09:00:00+02:00.`])
  const m = ISO_WITH_OFFSET.exec(raw.trim())
  const ms = m ? Date.parse(raw.trim()) : NaN
  if (!m || Number.isNaN(ms)) {
    const hint = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw.trim()) ? ' It has no offset: add Z (UTC) or one such as +02:00.' : ''
    return void (errors[key] = [`The ${key} field must be an ISO 8601 date and time with an offset, e.g. 2030-05-04T09:00:00+02:00.${hint}`])
  }
  if (ms <= nowMs) return void (errors[key] = [`The ${key} time ${raw} is in the past: choose a time in the future.`])
  return new Date(ms).toISOString()
}
