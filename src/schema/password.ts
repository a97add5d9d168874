import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Password fields are stored as scrypt hashes (`scrypt$N$r$p$salt$hash`, base64url parts)
 * and never returned by the API. node:crypto only: no native dependency.
 */
const N = 16384
const R = 8
const P = 1
const KEYLEN = 32

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEYLEN, options, (error, key) => (error ? reject(error) : resolve(key))))

export const isPasswordHash = (value: unknown): value is string => typeof value === 'string' && /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/.test(value)

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false
  const [, n, r, p, salt, hash] = stored.split('$')
  const expected = Buffer.from(hash!, 'base64url')
  const key = await derive(password, Buffer.from(salt!, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 })
  return key.length === expected.length && timingSafeEqual(key, expected)
}
