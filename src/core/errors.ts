/**
 * Domain errors with permanent codes. Nothing here knows HTTP: `server/http/errors.ts` is the
 * only place a code meets a status. `isCmsError` checks the name, not `instanceof`, so it
 * survives duplicated module copies (as h3 does).
 */
export type CmsErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'not_acceptable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation'
  | 'rate_limited'
  | 'insufficient_storage'
  | 'storage'

export class CmsError extends Error {
  override name = 'CmsError'
  readonly code: CmsErrorCode
  /** Extra headers an adapter should send (e.g. Retry-After). */
  readonly headers?: Record<string, string>
  /** Keys an answer carries beside `message` where the hosted service sends them (`code`, `retry_after`). */
  readonly extra?: Record<string, unknown>
  constructor(code: CmsErrorCode, message: string, options?: { cause?: unknown; headers?: Record<string, string>; extra?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    if (options?.headers) this.headers = options.headers
    if (options?.extra) this.extra = options.extra
  }
}

/** 422 with `errors` keyed `data.<field>` (or `items.<i>.<key>` for bulk). */
export class ValidationError extends CmsError {
  readonly errors: Record<string, string[]>
  constructor(errors: Record<string, string[]>, message?: string) {
    super('validation', message ?? summarize(errors))
    this.errors = errors
  }
}

export const badRequest = (message: string): CmsError => new CmsError('bad_request', message)
export const notFound = (message: string): CmsError => new CmsError('not_found', message)
export const forbidden = (message = "API token doesn't have the right abilities!"): CmsError =>
  new CmsError('forbidden', message)
export const unauthenticated = (message = 'Unauthenticated.'): CmsError => new CmsError('unauthenticated', message)
export const conflict = (message: string): CmsError => new CmsError('conflict', message)
/** A single business-rule failure reported as a 422 with a message and no field map. */
export const unprocessable = (message: string, errors: Record<string, string[]> = {}): ValidationError =>
  new ValidationError(errors, message)

/**
 * A failed file write as users should read it: a full disk (or quota) is 507 with a message
 * saying so, anything else a plain storage error. Neither names a path or an errno; the
 * original error stays as `cause` for the server log.
 */
export function storageFailure(error: unknown): CmsError {
  if (isCmsError(error)) return error
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new CmsError('insufficient_storage', 'The disk is full: the change was not saved. Free some space and try again.', { cause: error })
  }
  return new CmsError('storage', 'The change could not be saved (storage error); nothing was changed.', { cause: error })
}

export function isCmsError(error: unknown): error is CmsError {
  return error instanceof Error && error.name === 'CmsError'
}

export function isValidationError(error: unknown): error is ValidationError {
  return isCmsError(error) && error.code === 'validation' && 'errors' in error
}

/** Laravel's summary form: the first message, plus "(and N more errors)". */
function summarize(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat()
  if (all.length === 0) return 'The given data was invalid.'
  const more = all.length - 1
  return more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0]!
}
