import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { stampOf, writeFileAtomic, type FileStamp } from '../storage/atomic.ts'
import { withFileLock } from '../storage/file-lock.ts'

/**
 * The key that signs end users' access tokens (HS256): 256 random bits made on first use in
 * `.cms/auth-signing-key.json` (mode 0600), replaced by `cms auth rotate-key`. Each process
 * re-reads it when the file changes, so a rotation reaches a running server at once.
 */
export interface SigningKey extends SigningKeyInfo {
  secret: Uint8Array
}

/** The signing key as it may be shown: its id and age, never its secret. */
export interface SigningKeyInfo {
  kid: string
  created_at: string
}

export const signingKeyPath = (stateDir: string): string => join(stateDir, 'auth-signing-key.json')

const cache = new Map<string, { stamp: FileStamp; key: SigningKey }>()

/** The current key, or null when none was made yet. */
export function readSigningKey(stateDir: string): SigningKey | null {
  const path = signingKeyPath(stateDir)
  const stamp = stampOf(path)
  if (!stamp) return null
  const cached = cache.get(path)
  if (cached && cached.stamp.ino === stamp.ino && cached.stamp.mtimeMs === stamp.mtimeMs && cached.stamp.size === stamp.size) return cached.key
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as { kid?: unknown; secret?: unknown; created_at?: unknown }
    if (typeof raw.kid !== 'string' || typeof raw.secret !== 'string') throw new Error('kid or secret missing')
    const secret = Buffer.from(raw.secret, 'base64url')
    if (secret.length < 32) throw new Error('secret shorter than 256 bits')
    const key: SigningKey = { kid: raw.kid, secret: new Uint8Array(secret), created_at: String(raw.created_at ?? '') }
    cache.set(path, { stamp, key })
    return key
  } catch (error) {
    // A damaged key signs nothing and verifies nothing; `cms auth rotate-key` writes a new one.
    console.error(`[cms] ${path} is unusable (${(error as Error).message}); run \`cms auth rotate-key\` to make a new one.`)
    return null
  }
}

/** The current key, made first if there is none (under the store's lock, so two processes agree). */
export async function signingKey(stateDir: string): Promise<SigningKey> {
  const existing = readSigningKey(stateDir)
  if (existing) return existing
  return withFileLock(join(stateDir, 'auth.lock'), 'the end-user signing key', async () => readSigningKey(stateDir) ?? writeNewKey(stateDir))
}

/** Replaces the key: access tokens signed before stop working (refresh tokens keep working). */
export function rotateSigningKey(stateDir: string): Promise<SigningKey> {
  return withFileLock(join(stateDir, 'auth.lock'), 'the end-user signing key', () => writeNewKey(stateDir))
}

async function writeNewKey(stateDir: string): Promise<SigningKey> {
  const secret = randomBytes(32)
  const key = { kid: randomBytes(8).toString('hex'), secret: secret.toString('base64url'), created_at: new Date().toISOString() }
  await writeFileAtomic(signingKeyPath(stateDir), `${JSON.stringify(key, null, 2)}\n`, { mode: 0o600 })
  const made = readSigningKey(stateDir)
  if (!made) throw new Error('the new signing key could not be read back')
  return made
}
