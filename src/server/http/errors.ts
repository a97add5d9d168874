import { HTTPError } from 'h3'
import { isCmsError, isValidationError, storageFailure, type CmsErrorCode } from '../../core/errors.ts'

const STATUS: Record<CmsErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  not_acceptable: 406,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  insufficient_storage: 507,
  storage: 500,
}

/**
 * The one place domain errors meet HTTP statuses. Every error body is `{message}` (plus
 * `errors` for 422); anything unexpected is logged and answered with a bare 500 message,
 * never a stack or a path.
 */
export function toErrorResponse(error: unknown): Response {
  // A write that failed below the store (asset bytes, logs) still answers 507 on a full disk.
  if (!isCmsError(error) && isDiskFull(error)) error = storageFailure(error)
  let status = 500
  let body: Record<string, unknown> = { message: 'Server Error' }
  let headers: Record<string, string> | undefined
  if (isCmsError(error)) {
    status = STATUS[error.code]
    body = isValidationError(error) ? { message: error.message, errors: error.errors } : { message: error.message, ...error.extra }
    headers = error.headers
    if (error.code === 'insufficient_storage') console.error(`[cms] ${error.message} (${(error.cause as Error | undefined)?.message ?? 'no space'})`)
    else if (status >= 500) console.error('[cms]', error.cause ?? error)
  } else if (HTTPError.isError(error) && error.status < 500) {
    status = error.status
    body = { message: httpMessage(error) }
    headers = Object.fromEntries((error.headers as Headers | undefined)?.entries() ?? [])
  } else {
    console.error('[cms] unexpected error:', error)
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

function httpMessage(error: HTTPError): string {
  if (error.status === 404) return 'Not Found.'
  if (error.status === 405) return 'Method Not Allowed.'
  if (error.status === 413) return 'Request body is too large.'
  if (error.status === 415) return 'Unsupported Media Type.'
  // h3's own 400s (bad percent-encoding, bad JSON) carry safe, short messages.
  return error.message && !error.message.includes('/') ? error.message : 'Bad Request.'
}

function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOSPC' || code === 'EDQUOT'
}
