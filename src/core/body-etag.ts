import { createHash, type Hash } from 'node:crypto'

/**
 * A strong ETag named by an answer's bytes: the same from every replica and after a restart,
 * so a client revalidating through a round-robin balancer gets its 304 from whichever replica
 * answers, and the same tag the static export writes in its manifest.
 */
export function bodyEtag(body: string): string {
  return etagOfHash(bodyHash().update(body))
}

/** The hash an ETag is named by, to feed an answer's pieces in order (a long list is built, and hashed, in slices). */
export function bodyHash(): Hash {
  return createHash('sha1')
}

/** The tag of the bytes a `bodyHash()` was fed. */
export function etagOfHash(hash: Hash): string {
  return `"${hash.digest('base64url').slice(0, 27)}"`
}
