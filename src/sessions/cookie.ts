import { ABSOLUTE_MS } from './session-store.ts'

const SESSION_COOKIE = 'cms_session'

/** The `cms_session` value of a Cookie header, or null. */
export function readSessionCookie(header: string | null | undefined): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue
    const value = part.slice(eq + 1).trim()
    return /^[\w-]{1,200}$/.test(value) ? value : null
  }
  return null
}

/** Set-Cookie for a new session; `Secure` when the request came over https. */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor(ABSOLUTE_MS / 1000)}${secure ? '; Secure' : ''}`
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${secure ? '; Secure' : ''}`
}
