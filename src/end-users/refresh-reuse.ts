import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/**
 * The refresh token reuse interval (Supabase's `refresh_token_reuse_interval`, 10 s there
 * too): a refresh token presented again this soon after it was spent answers the pair its
 * first use got, so a client that lost that answer (a dropped connection, a retry, two tabs)
 * is not signed out. After it, presenting a spent token ends the sign-in (a stolen token).
 */
export const REFRESH_REUSE_SECONDS = 10

/** What a retry gets again: the pair the first use answered. */
export interface IssuedPair {
  access_token: string
  expires_at: string
  refresh_token: string
}

/**
 * The pair, sealed (AES-256-GCM) under a key derived from the spent refresh token itself:
 * only its holder can open it, and the store keeps no usable token in plain text (it knows
 * only that token's SHA-256, from which this key cannot be made).
 */
export function sealPair(spentToken: string, pair: IssuedPair): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentToken), iv)
  const data = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')
}

/** The pair sealed for `spentToken`, or null when it does not open with that token. */
export function openPair(spentToken: string, sealed: string): IssuedPair | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentToken), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    const pair = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as IssuedPair
    return typeof pair.access_token === 'string' && typeof pair.refresh_token === 'string' && typeof pair.expires_at === 'string' ? pair : null
  } catch {
    return null
  }
}

const keyOf = (token: string): Buffer => createHmac('sha256', token).update('cms:refresh-reuse').digest()
