import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, startAuthServer, type AuthServer } from './helpers.ts'

/*
 * The sign-in lockout under concurrency, with the per-minute limit off (`rate_limits.login: 0`:
 * the lockout must hold on its own), and the per-address sign-in limit (the `login` number
 * counts every sign-in from one client address, whatever the email).
 */
let off: AuthServer
let limited: AuthServer

beforeAll(async () => {
  ;[off, limited] = await Promise.all([
    startAuthServer({ enabled: true, rate_limits: { login: 0 } }),
    startAuthServer({ enabled: true, rate_limits: { login: 5 } }),
  ])
})
afterAll(async () => {
  await Promise.all([off.close(), limited.close()])
})

const login = (a: AuthServer, email: string, password: string) => a.call('POST', '/auth/login', { json: { email, password } })

/** A sign-in from another loopback address (127.0.0.2), over a plain Node request bound to it. */
function loginFrom(a: AuthServer, localAddress: string, email: string): Promise<number> {
  const url = new URL('/auth/login', a.server.url)
  const body = JSON.stringify({ email, password: 'not the password' })
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST', localAddress,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'project-id': a.server.ctx.store.project.uuid, 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('sign-in lockout under concurrency (rate_limits.login: 0)', () => {
  it('20 sign-ins at once, 19 wrong and the right one last: at most 5 get past the lockout, and the account is locked after', async () => {
    expect((await off.signup('race@example.com')).status).toBe(201)
    const wrong = Array.from({ length: 19 }, (_, i) => login(off, 'race@example.com', `wrong guess ${i}`))
    const all = await Promise.all([...wrong, login(off, 'race@example.com', PASSWORD)])
    const statuses = all.map((r) => r.status)
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15)
    for (const r of all.filter((x) => x.status === 429)) expect(r.body).toMatchObject({ message: 'Invalid credentials.' })
    // The right password is refused until the 300 s are over, whatever the races did.
    const after = await login(off, 'race@example.com', PASSWORD)
    if (statuses.includes(200)) expect([200, 429]).toContain(after.status)
    else expect(after.status).toBe(429)
  })

  it('40 wrong guesses at once for another email: 5 are checked (401), the rest 429; the limit being off changes nothing', async () => {
    expect((await off.signup('flood@example.com')).status).toBe(201)
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => login(off, 'flood@example.com', `guess number ${i}`)))
    const statuses = all.map((r) => r.status)
    expect(statuses.filter((s) => s === 401).length).toBe(5)
    expect(statuses.filter((s) => s === 429).length).toBe(35)
    expect((await login(off, 'flood@example.com', PASSWORD)).status).toBe(429)
  })

  it('one after another, the lockout holds with the limit off too (5 × 401, then 429 for the right password)', async () => {
    expect((await off.signup('serial@example.com')).status).toBe(201)
    for (let i = 0; i < 5; i++) expect((await login(off, 'serial@example.com', `wrong ${i} guess`)).status).toBe(401)
    expect((await login(off, 'serial@example.com', PASSWORD)).status).toBe(429)
  })
})

describe('per-address sign-in limit (rate_limits.login counts every sign-in from one address)', () => {
  it('the 6th sign-in from one address within a minute is 429 Too Many Attempts., each with a different email', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await login(limited, `spray${i}@example.com`, 'not the password')).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const sixth = await login(limited, 'spray-last@example.com', 'not the password')
    expect(sixth.status).toBe(429)
    expect(sixth.body.message).toBe('Too Many Attempts.')
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(sixth.headers.get('x-ratelimit-limit')).toBe('5')
  })

  it('another client address is counted on its own', async () => {
    expect(await loginFrom(limited, '127.0.0.2', 'spray0@example.com')).toBe(401)
  })
})
