import { createHash, type Hash } from 'node:crypto'

/**
 * A strong ETag named by an answer's bytes: the same from every replica and after a restart,
 * so a client revalidating through a round-robin balancer gets its 304 from whichever replica
 * answers, and the same tag the static export writes in its manifest.
 */
export function bodyEtag(body: string): string {
  return etagOfHash(createHash('sha1').update(body))
}

/** The same tag, from a hash fed the answer's pieces in order (a long list is built, and hashed, in slices). */
export function etagOfHash(hash: Hash): string {
  return `"${hash.digest('base64url').slice(0, 27)}"`
}
