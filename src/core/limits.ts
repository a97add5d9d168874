/**
 * Limits on nested data, shared by request bodies and content files: what a request may not
 * send, a hand-edited file may not hold either, so no deeper value ever reaches the
 * recursive code that lists, sorts, filters and writes entries.
 */

/** Deepest nesting of arrays and objects a JSON body or a content file may have. */
export const MAX_JSON_DEPTH = 64

/**
 * Largest content file read (entries, versions, collections, config). An entry written from a
 * 1 MiB body holds its values twice (draft and published), pretty-printed; this leaves room
 * for that with CMS_BODY_LIMIT raised several times over.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024

/**
 * The nesting depth of JSON text, counted on brackets outside strings, without parsing:
 * stops as soon as it passes `max` (so a 10,000-deep file costs no more than a shallow one).
 * Returns the depth reached, capped at max + 1.
 */
export function jsonTextDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \\ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > deepest && (deepest = depth) > max) return deepest
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--
  }
  return deepest
}

/** Whether a parsed value nests deeper than `max` (iterative: safe on any depth). */
export function valueTooDeep(root: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (!value || typeof value !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}
