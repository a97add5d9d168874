import { randomUUID } from 'node:crypto'
import { readSigningKey, signingKey } from './signing-key.ts'

/**
 * End users' access tokens: HS256 JWTs naming the user (`sub`), the project (`aud`) and the
 * sign-in they belong to (`sid`), so signing out ends them before they expire.
 */
export interface AccessClaims {
  userUuid: string
  sessionId: string
  expiresAt: number
}

const ISSUER = 'cms:project-auth'

/**
 * jose loaded on first use: every CLI command builds the app (connect/in-process.ts), and
 * loading jose up front cost each one ~25 ms for tokens it never signs.
 */
let jose: Promise<typeof import('jose')> | undefined
const loadJose = () => (jose ??= import('jose'))

export async function signAccessToken(stateDir: string, projectUuid: string, claims: { userUuid: string; sessionId: string }, ttlSeconds: number, nowMs: number): Promise<{ token: string; expiresAt: number }> {
  const { SignJWT } = await loadJose()
  const key = await signingKey(stateDir)
  const iat = Math.floor(nowMs / 1000)
  const exp = iat + ttlSeconds
  const token = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setIssuer(ISSUER)
    .setAudience(projectUuid)
    .setSubject(claims.userUuid)
    .setIssuedAt(iat)
    // Unique per token: a refresh in the same second must not hand out the token it replaces.
    .setJti(randomUUID())
    .setExpirationTime(exp)
    .sign(key.secret)
  return { token, expiresAt: exp * 1000 }
}

/** The claims of a valid, unexpired access token of this project signed by the current key; else null. */
export async function verifyAccessToken(stateDir: string, projectUuid: string, token: string): Promise<AccessClaims | null> {
  const key = readSigningKey(stateDir)
  if (!key) return null
  const { decodeProtectedHeader, jwtVerify } = await loadJose()
  try {
    if (decodeProtectedHeader(token).kid !== key.kid) return null
    const { payload } = await jwtVerify(token, key.secret, { algorithms: ['HS256'], issuer: ISSUER, audience: projectUuid })
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null
    return { userUuid: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 }
  } catch {
    return null
  }
}
