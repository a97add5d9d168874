import { createHash } from 'node:crypto'
import type { EntryRecord } from '../../core/types.ts'
import { CmsError } from '../../core/errors.ts'
import { stableJson } from './common.ts'

/**
 * The ETag of an entry's stored state: a hash of the whole record (draft, published snapshot,
 * published version, locale, trash and dates), so any change to the entry changes it, and the
 * same stored state always has the same tag (across restarts too). Records are never mutated in
 * place, so the tag is computed once per record object.
 */
export function entryEtag(entry: EntryRecord): string {
  let tag = TAGS.get(entry)
  if (tag === undefined) {
    tag = `"e-${createHash('sha256').update(stableJson(entry)).digest('base64url').slice(0, 27)}"`
    TAGS.set(entry, tag)
  }
  return tag
}

const TAGS = new WeakMap<EntryRecord, string>()

const PRECONDITION_FAILED = 'This entry was changed since you loaded it.'

/**
 * `If-Match` on a single-entry write (RFC 9110 §13.1.1): absent → no condition; `*` → the
 * entry exists; else one of the listed strong tags must be the entry's current tag. Run inside
 * the entry's write lock, so nothing changes between the check and the write.
 */
export function checkIfMatch(header: string | null | undefined, entry: EntryRecord): void {
  if (header === undefined || header === null) return
  const value = header.trim()
  if (value === '*') return
  const current = entryEtag(entry)
  for (const tag of value.split(',')) if (tag.trim() === current) return
  throw new CmsError('precondition_failed', PRECONDITION_FAILED)
}

/** How a single-entry write is conditioned, and where it reports the entry it left behind. */
export interface EntryWriteOptions {
  /** The request's `If-Match` header, if any. */
  ifMatch?: string | null
  /** Called with the entry as written (for the answer's ETag). */
  written?: (entry: EntryRecord) => void
}
