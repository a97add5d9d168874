import { ValidationError } from '../core/errors.ts'

/**
 * Request-body checks of the project-auth routes, Laravel-style: every problem of a body at
 * once, keyed by its field, first message as the summary.
 */
export class Problems {
  readonly errors: Record<string, string[]> = {}
  add(field: string, message: string): void {
    ;(this.errors[field] ??= []).push(message)
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors)
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const label = (field: string) => field.replace(/_/g, ' ')
/**
 * Control characters (C0, DEL, C1, line separators): refused in names and addresses, which
 * reach the server log, the outbox and CLI tables (`\u001b[2J` there clears a terminal or
 * forges a line). Bidirectional marks stay allowed (right-to-left names need them); printing escapes those.
 */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/
const refuseControl = (field: string, value: string, problems: Problems) => {
  if (CONTROL.test(value)) problems.add(field, `The ${label(field)} field must not contain control characters.`)
}

export function requiredString(body: Record<string, unknown>, field: string, problems: Problems, options: { min?: number; max?: number; text?: boolean } = {}): string {
  const value = body[field]
  if (value === undefined || value === null || value === '') {
    problems.add(field, `The ${label(field)} field is required.`)
    return ''
  }
  if (typeof value !== 'string') {
    problems.add(field, `The ${label(field)} field must be a string.`)
    return ''
  }
  if (options.min !== undefined && value.length < options.min) problems.add(field, `The ${label(field)} field must be at least ${options.min} characters.`)
  if (options.max !== undefined && value.length > options.max) problems.add(field, `The ${label(field)} field must not be greater than ${options.max} characters.`)
  if (options.text) refuseControl(field, value, problems)
  return value
}

/** An email address as stored and compared: trimmed, lower case. */
export function requiredEmail(body: Record<string, unknown>, problems: Problems): string {
  const raw = requiredString(body, 'email', problems, { max: 255, text: true })
  const email = raw.trim().toLowerCase()
  if (raw && !CONTROL.test(raw) && !EMAIL_RE.test(email)) problems.add('email', 'The email field must be a valid email address.')
  return email
}

/** Passwords: 8 to 1024 characters (the upper bound keeps hashing cheap for anyone). */
export const requiredPassword = (body: Record<string, unknown>, field: string, problems: Problems): string =>
  requiredString(body, field, problems, { min: 8, max: 1024 })

export function optionalString(body: Record<string, unknown>, field: string, problems: Problems, max: number): string | null {
  const value = body[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') {
    problems.add(field, `The ${label(field)} field must be a string.`)
    return null
  }
  if (value.length > max) problems.add(field, `The ${label(field)} field must not be greater than ${max} characters.`)
  refuseControl(field, value, problems)
  return value
}

/** `metadata`: a JSON object of at most 16 KB. */
export function optionalMetadata(body: Record<string, unknown>, problems: Problems): Record<string, unknown> {
  const value = body.metadata
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.add('metadata', 'The metadata field must be an object.')
    return {}
  }
  if (JSON.stringify(value).length > 16_384) problems.add('metadata', 'The metadata field must not be larger than 16 KB.')
  return value as Record<string, unknown>
}
