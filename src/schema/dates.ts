// The date rules of the `cms-date` and `cms-datetime` formats, apart from Ajv: the generated file
// validators (storage/file-validators.ts) import them without loading Ajv.

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
