import { createHmac, timingSafeEqual } from 'node:crypto'

/** The environment variable (or `.env` line beside the content dir) holding the push webhook's secret. */
export const SECRET_VARIABLE = 'CMS_REPLICA_SECRET'

/**
 * Checks a push webhook's `X-Hub-Signature-256` (`sha256=<hex>`, the HMAC-SHA256 of the raw
 * body under the shared secret), as GitHub and Gitea send it. The body is fed in chunks, so
 * a large push payload is never held in memory; the comparison takes constant time.
 */
export function hubSignature(secret: string): { update(chunk: Uint8Array): void; matches(header: string | null): boolean } {
  const hmac = createHmac('sha256', secret)
  return {
    update: (chunk) => void hmac.update(chunk),
    matches(header) {
      const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')
      const expected = hmac.digest()
      if (!m) return false
      return timingSafeEqual(Buffer.from(m[1]!.toLowerCase(), 'hex'), expected)
    },
  }
}

/** The secret the configuration holds, or null when none is set (signed webhooks are then refused). */
export function replicaSecret(env: Readonly<Record<string, string | undefined>>): string | null {
  const value = env[SECRET_VARIABLE]
  return value && value.trim() ? value : null
}
