/**
 * A path on this site, safe to send a person to (a `Location`, a `next=`): it starts with one `/`
 * and holds no backslash and no control character. Browsers read `//host` and `/\host` as another
 * site, and drop tabs and line breaks from a URL before reading it, so `/<tab>/host` is `//host`.
 * Null when the value is anything else.
 */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null
  return value
}
