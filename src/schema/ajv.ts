import { Ajv } from 'ajv'
import { isSafeRichText } from './richtext-safety.ts'

/**
 * The one Ajv instance: the entry validators (compiled per collection) and the file schemas
 * of `schemas/` share it, with the formats the API's values need.
 */
// ownProperties: a field named `constructor` must not see Object.prototype.constructor.
export const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, ownProperties: true })
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
ajv.addFormat('uuid', UUID_RE)
ajv.addFormat('email', { type: 'string', validate: (s: string) => EMAIL_RE.test(s) && s.length <= 254 })
ajv.addFormat('cms-date', { type: 'string', validate: isDate })
ajv.addFormat('cms-datetime', { type: 'string', validate: isDateTime })
ajv.addFormat('cms-richtext', { type: 'string', validate: isSafeRichText })
/** `YYYY-MM-DD` naming a real calendar day. */
export function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** A date, or a date with a time: `YYYY-MM-DD HH:MM[:SS]` or ISO 8601 (`T`, optional zone). */
export function isDateTime(s: string): boolean {
  if (isDate(s)) return true
  const m = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(s)
  return m !== null && isDate(m[1]!)
}
