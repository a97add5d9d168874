import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { endUserState } from '../../../src/end-users/state.ts'
import { PASSWORD, captureLog, startAuthServer, treeHashes, type AuthServer } from './helpers.ts'

/*
 * Project auth over real HTTP against a real server on a loopback port: sign-up, sign-in,
 * refresh, sign-out, password change, the sign-in lockout, email verification through the
 * local outbox, and what end users' credentials get on content routes. Throughout, content/
 * must not change and no secret may appear in an answer (except the one being issued) or the log.
 */
let a: AuthServer
let before: Record<string, string>
let apiToken: string
const log = captureLog()
/** Secrets seen during the tests, checked against every answer and the log at the end. */
const secrets = { passwords: new Set<string>([PASSWORD]), refresh: new Set<string>(), access: new Set<string>() }

beforeAll(async () => {
  // More sign-ins than the default 20 per minute from this one address (the per-address limit).
  a = await startAuthServer({ enabled: true, rate_limits: { login: 100 } })
  apiToken = (await createToken(a.server.ctx.store, { name: 'full', abilities: ['*'] })).token
  before = await treeHashes(a.project.contentDir)
})

afterAll(async () => {
  log.stop()
  await a.close()
})

async function signupAndKeep(email: string, password = PASSWORD) {
  secrets.passwords.add(password)
  const res = await a.signup(email, password)
  if (res.status === 201) {
    secrets.refresh.add(res.body.refresh_token as string)
    secrets.access.add(res.body.access_token as string)
  }
  return res
}

async function loginAndKeep(email: string, password = PASSWORD) {
  const res = await a.call('POST', '/auth/login', { json: { email, password } })
  if (res.status === 200) {
    secrets.refresh.add(res.body.refresh_token as string)
    secrets.access.add(res.body.access_token as string)
  }
  return res
}

describe('sign-up, sign-in, me', () => {
  it('signup answers 201 with the token payload; login and me identify the same user', async () => {
    const up = await signupAndKeep('Ada@Example.com')
    expect(up.status).toBe(201)
    expect(Object.keys(up.body).sort()).toEqual(['access_token', 'expires_at', 'refresh_token', 'refresh_token_expires_at', 'token_type', 'user'])
    expect(up.body.token_type).toBe('Bearer')
    const user = up.body.user as Record<string, unknown>
    expect(Object.keys(user).sort()).toEqual(['display_name', 'email', 'email_verified_at', 'id', 'metadata', 'uuid'])
    expect(user.email).toBe('ada@example.com')
    // Access 15 minutes, refresh 30 days by default.
    const access = Date.parse(up.body.expires_at as string) - Date.now()
    expect(access).toBeGreaterThan(14 * 60_000)
    expect(access).toBeLessThanOrEqual(15 * 60_000)
    const refresh = Date.parse(up.body.refresh_token_expires_at as string) - Date.now()
    expect(refresh).toBeGreaterThan(29.9 * 86_400_000)

    const login = await loginAndKeep('ada@example.com')
    expect(login.status).toBe(200)
    expect((login.body.user as Record<string, unknown>).uuid).toBe(user.uuid)
    const me = await a.call('GET', '/auth/me', { token: login.body.access_token as string })
    expect(me).toMatchObject({ status: 200, body: { user: { uuid: user.uuid, email: 'ada@example.com' } } })
  })

  it('refuses a taken email (422), a short password (422), a wrong password (401 Invalid credentials.)', async () => {
    const taken = await a.signup('ada@example.com')
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] })
    const short = await a.call('POST', '/auth/signup', { json: { email: 'bo@example.com', password: 'short' } })
    expect(short.status).toBe(422)
    expect(Object.keys(short.body.errors as object)).toEqual(['password'])
    const wrong = await a.call('POST', '/auth/login', { json: { email: 'ada@example.com', password: 'not the password' } })
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid credentials.' } })
    const nobody = await a.call('POST', '/auth/login', { json: { email: 'nobody@example.com', password: PASSWORD } })
    expect(nobody).toMatchObject({ status: 401, body: { message: 'Invalid credentials.' } })
  })

  it('me without a token, with an API token or with a forged JWT is 401', async () => {
    for (const token of [undefined, apiToken, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl']) {
      const res = await a.call('GET', '/auth/me', token ? { token } : {})
      expect(res).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
    }
  })

  it('keeps end users in .cms/auth.json (mode 0600) with a scrypt hash, never the password or a refresh token', async () => {
    const file = join(a.project.stateDir, 'auth.json')
    const text = await readFile(file, 'utf8')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(text).toMatch(/"password_hash": "scrypt\$/)
    for (const p of secrets.passwords) expect(text).not.toContain(p)
    for (const r of secrets.refresh) expect(text).not.toContain(r)
    const key = join(a.project.stateDir, 'auth-signing-key.json')
    expect((await stat(key)).mode & 0o777).toBe(0o600)
  })
})

describe('refresh, logout, logout-all', () => {
  it('refresh rotates: the new pair works, the old refresh token is refused (401 Invalid refresh token.)', async () => {
    await signupAndKeep('rot@example.com')
    const first = await loginAndKeep('rot@example.com')
    const next = await a.call('POST', '/auth/refresh', { json: { refresh_token: first.body.refresh_token } })
    expect(next.status).toBe(200)
    secrets.refresh.add(next.body.refresh_token as string)
    secrets.access.add(next.body.access_token as string)
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token)
    expect((await a.call('GET', '/auth/me', { token: next.body.access_token as string })).status).toBe(200)
    // Past the reuse interval (test/end-users/refresh-reuse.test.ts covers a retry within it).
    await endUserState(a.server.ctx).db.update((doc) => {
      for (const s of doc.sessions) if (s.rotated_at) s.rotated_at = new Date(Date.now() - 60_000).toISOString()
    })
    const again = await a.call('POST', '/auth/refresh', { json: { refresh_token: first.body.refresh_token } })
    expect(again).toMatchObject({ status: 401, body: { message: 'Invalid refresh token.' } })
    // Reusing a spent token ends that sign-in: the newest refresh token is refused too.
    const newest = await a.call('POST', '/auth/refresh', { json: { refresh_token: next.body.refresh_token } })
    expect(newest.status).toBe(401)
    const junk = await a.call('POST', '/auth/refresh', { json: { refresh_token: 'not-a-token' } })
    expect(junk).toMatchObject({ status: 401, body: { message: 'Invalid refresh token.' } })
  })

  it('logout ends that sign-in only: its access and refresh tokens are refused, another sign-in still works', async () => {
    await signupAndKeep('out@example.com')
    const one = await loginAndKeep('out@example.com')
    const two = await loginAndKeep('out@example.com')
    const res = await a.call('POST', '/auth/logout', { token: one.body.access_token as string })
    expect(res.status).toBe(200)
    expect((await a.call('GET', '/auth/me', { token: one.body.access_token as string })).status).toBe(401)
    expect((await a.call('POST', '/auth/refresh', { json: { refresh_token: one.body.refresh_token } })).status).toBe(401)
    expect((await a.call('GET', '/auth/me', { token: two.body.access_token as string })).status).toBe(200)
  })

  it('logout-all ends every sign-in of the user', async () => {
    await signupAndKeep('all@example.com')
    const sessions = [await loginAndKeep('all@example.com'), await loginAndKeep('all@example.com'), await loginAndKeep('all@example.com')]
    const res = await a.call('POST', '/auth/logout-all', { token: sessions[0]!.body.access_token as string })
    expect(res.status).toBe(200)
    for (const s of sessions) {
      expect((await a.call('GET', '/auth/me', { token: s.body.access_token as string })).status).toBe(401)
      expect((await a.call('POST', '/auth/refresh', { json: { refresh_token: s.body.refresh_token } })).status).toBe(401)
    }
  })
})

describe('change-password', () => {
  it('needs the current password; afterwards only the new one signs in and the other sign-ins are over', async () => {
    await signupAndKeep('pw@example.com')
    const here = await loginAndKeep('pw@example.com')
    const elsewhere = await loginAndKeep('pw@example.com')
    const token = here.body.access_token as string
    const wrong = await a.call('POST', '/auth/change-password', { token, json: { current_password: 'nope nope nope', new_password: 'a new password 1' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ current_password: ['The current password is incorrect.'] })
    const short = await a.call('POST', '/auth/change-password', { token, json: { current_password: PASSWORD, new_password: 'short' } })
    expect(short.status).toBe(422)
    secrets.passwords.add('a new password 1')
    const ok = await a.call('POST', '/auth/change-password', { token, json: { current_password: PASSWORD, new_password: 'a new password 1' } })
    expect(ok.status).toBe(200)
    expect((await a.call('POST', '/auth/login', { json: { email: 'pw@example.com', password: PASSWORD } })).status).toBe(401)
    expect((await loginAndKeep('pw@example.com', 'a new password 1')).status).toBe(200)
    expect((await a.call('GET', '/auth/me', { token })).status).toBe(200)
    expect((await a.call('GET', '/auth/me', { token: elsewhere.body.access_token as string })).status).toBe(401)
    const outbox = JSON.parse(await readFile(join(a.project.stateDir, 'auth.json'), 'utf8')).mail as Array<{ to: string; kind: string }>
    expect(outbox.some((m) => m.to === 'pw@example.com' && m.kind === 'password-changed')).toBe(true)
  })
})

describe('sign-in lockout', () => {
  it('five wrong passwords, then 429 {message: Invalid credentials., retry_after} even with the right one', async () => {
    await signupAndKeep('lock@example.com')
    for (let i = 0; i < 5; i++) {
      const res = await a.call('POST', '/auth/login', { json: { email: 'lock@example.com', password: `wrong guess ${i}` } })
      expect(res.status).toBe(401)
    }
    const locked = await a.call('POST', '/auth/login', { json: { email: 'lock@example.com', password: PASSWORD } })
    expect(locked.status).toBe(429)
    expect(locked.body.message).toBe('Invalid credentials.')
    expect(locked.body.retry_after).toBeGreaterThan(0)
    expect(locked.body.retry_after).toBeLessThanOrEqual(300)
    expect(locked.headers.get('retry-after')).toBe(String(locked.body.retry_after))
    // Another address is not locked out by these failures.
    expect((await loginAndKeep('ada@example.com')).status).toBe(200)
  })
})

describe('end users on content routes', () => {
  it('an end user\'s access token gets 403 Forbidden. on POST /{collection} (and reads); a forged JWT 401', async () => {
    const login = await loginAndKeep('ada@example.com')
    const token = login.body.access_token as string
    const create = await a.call('POST', '/articles', { token, json: { data: { title: 'x' } } })
    expect(create).toMatchObject({ status: 403, body: { message: 'Forbidden.' } })
    const read = await a.call('GET', '/articles', { token })
    expect(read).toMatchObject({ status: 403, body: { message: 'Forbidden.' } })
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`
    const bad = await a.call('POST', '/articles', { token: forged, json: { data: { title: 'x' } } })
    expect(bad).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
  })
})

describe('email verification through the local outbox', () => {
  let v: AuthServer
  beforeAll(async () => {
    v = await startAuthServer({ enabled: true, email_verification: true })
  })
  afterAll(async () => {
    await v.close()
  })

  it('signup gives 202; login is 403 until the link from the outbox is confirmed; the log printed the link', async () => {
    const up = await v.signup('eve@example.com')
    expect(up.status).toBe(202)
    expect(up.body).toMatchObject({ message: 'Email verification required.', code: 'email_verification_required', verification_required: true, user: { email: 'eve@example.com', email_verified_at: null } })
    expect(up.body).not.toHaveProperty('access_token')
    const early = await v.call('POST', '/auth/login', { json: { email: 'eve@example.com', password: PASSWORD } })
    expect(early).toMatchObject({ status: 403, body: { message: 'Email verification is required.', code: 'email_verification_required', verification_required: true } })

    const { listMail } = await import('../../../src/end-users/admin.ts')
    const mail = await listMail({ stateDir: v.project.stateDir, project: v.server.ctx.store.project }, { to: 'eve@example.com' })
    expect(mail).toHaveLength(1)
    const link = mail[0]!.link!
    expect(link).toMatch(/\/auth\/verify-email\/confirm\?token=/)
    expect(log.lines()).toContain(link)
    const token = new URL(link).searchParams.get('token')!

    const bad = await v.call('POST', '/auth/verify-email/confirm', { json: { token: 'x'.repeat(43) } })
    expect(bad).toMatchObject({ status: 422, body: { message: 'Invalid or expired verification token.' } })
    const ok = await v.call('POST', '/auth/verify-email/confirm', { json: { token } })
    expect(ok.status).toBe(200)
    expect((ok.body.user as Record<string, unknown>).email_verified_at).toEqual(expect.any(String))
    const spent = await v.call('POST', '/auth/verify-email/confirm', { json: { token } })
    expect(spent.status).toBe(422)
    const login = await v.call('POST', '/auth/login', { json: { email: 'eve@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)
    secrets.refresh.add(login.body.refresh_token as string)
    secrets.access.add(login.body.access_token as string)
  })

  it('resend answers the same for unknown and known addresses, and the newest link works (also as a GET link)', async () => {
    await v.signup('finn@example.com')
    const unknown = await v.call('POST', '/auth/verify-email/resend', { json: { email: 'ghost@example.com' } })
    const known = await v.call('POST', '/auth/verify-email/resend', { json: { email: 'finn@example.com' } })
    expect(unknown.status).toBe(200)
    expect(known).toEqual({ ...known, status: 200, body: unknown.body })
    const { listMail } = await import('../../../src/end-users/admin.ts')
    const mail = await listMail({ stateDir: v.project.stateDir, project: v.server.ctx.store.project }, { to: 'finn@example.com' })
    expect(mail).toHaveLength(2)
    // A link checker's HEAD does not use the link up.
    const head = await fetch(mail[1]!.link!, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const res = await fetch(mail[1]!.link!)
    expect(res.status).toBe(200)
    expect((await v.call('POST', '/auth/login', { json: { email: 'finn@example.com', password: PASSWORD } })).status).toBe(200)
    // The first link was replaced by the second.
    const first = new URL(mail[0]!.link!).searchParams.get('token')
    expect((await v.call('POST', '/auth/verify-email/confirm', { json: { token: first } })).status).toBe(422)
    v.bodies.forEach((b) => a.bodies.push(b))
  })
})

describe('with project auth off', () => {
  it('every /auth route answers 404 saying project auth is disabled', async () => {
    const off = await startAuthServer(null)
    try {
      const routes: Array<[string, string]> = [
        ['POST', '/auth/signup'], ['POST', '/auth/login'], ['POST', '/auth/refresh'], ['POST', '/auth/logout'], ['POST', '/auth/logout-all'],
        ['GET', '/auth/me'], ['POST', '/auth/change-password'], ['POST', '/auth/verify-email/resend'], ['POST', '/auth/verify-email/confirm'],
        ['GET', '/auth/api-keys'], ['POST', '/auth/api-keys'], ['POST', '/auth/api-keys/1/revoke'],
      ]
      for (const [method, path] of routes) {
        const res = await off.call(method, path, method === 'GET' ? {} : { json: { email: 'a@example.com', password: PASSWORD } })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body.message).toMatch(/^Project auth is disabled/)
      }
      const token = (await createToken(off.server.ctx.store, { name: 'i', abilities: ['introspect'] })).token
      const introspect = await off.call('POST', '/auth/api-keys/introspect', { token, json: { api_key: `uak_abcdefghijkl_${'x'.repeat(64)}` } })
      expect(introspect.status).toBe(404)
      expect(introspect.body.message).toMatch(/^Project auth is disabled/)
    } finally {
      await off.close()
    }
  })
})

describe('nothing escapes', () => {
  it('content/ is byte for byte what it was before any of it', async () => {
    expect(await treeHashes(a.project.contentDir)).toEqual(before)
  })

  it('no answer body or log line carries a password, a hash, a refresh token, or an access token other than the one being issued', async () => {
    const db = await readFile(join(a.project.stateDir, 'auth.json'), 'utf8')
    const hashes = [...db.matchAll(/"(?:password_hash|refresh_hash|previous_hash|hash)": "([^"]+)"/g)].map((m) => m[1]!)
    expect(hashes.length).toBeGreaterThan(5)
    const key = JSON.parse(await readFile(join(a.project.stateDir, 'auth-signing-key.json'), 'utf8')).secret as string
    const logText = log.lines()
    for (const secret of [...secrets.passwords, ...hashes, key]) {
      for (const body of a.bodies) expect(body).not.toContain(secret)
      expect(logText).not.toContain(secret)
    }
    for (const token of [...secrets.refresh, ...secrets.access]) {
      // Issued once, in the answer that issued it; never again, never in the log.
      expect(a.bodies.filter((b) => b.includes(token)).length).toBe(1)
      expect(logText).not.toContain(token)
    }
  })
})
