import { createHmac, randomBytes } from 'node:crypto'

/**
 * The key bytes of a webhook secret. A `whsec_<base64>` secret is decoded as the Standard
 * Webhooks spec defines; any other string is used as its raw UTF-8 bytes (what receivers
 * written for the hosted service expect).
 */
export function secretKey(secret: string): Buffer {
  if (secret.startsWith('whsec_')) {
    const decoded = Buffer.from(secret.slice(6), 'base64')
    if (decoded.length > 0) return decoded
  }
  return Buffer.from(secret, 'utf8')
}

/** A fresh `whsec_` secret with 32 random bytes. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/**
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the Standard Webhooks signature.
 * Computed with node:crypto rather than the `standardwebhooks` package's `sign`, for a measured
 * reason: the package hashes in JavaScript (fast-sha256), an order of magnitude slower and
 * synchronous on the event loop (docs/benchmarks.md, "Measurements behind the code"). test/unit/webhooks/pure.test.ts
 * checks that both give the same signature, and receivers verify with the package.
 */
function standardSignature(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`
}

/** Hex HMAC-SHA256 of the body: the hosted service's `X-Webhook-Signature`. */
function hexSignature(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('hex')
}

/** Every header of a signed delivery. */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = secretKey(secret)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': standardSignature(key, id, timestampSeconds, body),
    'x-webhook-signature': hexSignature(key, body),
  }
}
