import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endUserState } from '../../../src/end-users/state.ts'
import { sha256 } from '../../../src/end-users/auth-db.ts'
import { REFRESH_REUSE_SECONDS } from '../../../src/end-users/refresh-reuse.ts'
import { startAuthServer, type AuthServer } from './helpers.ts'

/*
 * The refresh token reuse interval: a refresh token sent again soon after it was spent (a
 * client that lost the answer and retries) gets the same new pair and stays signed in; sent
 * again after the interval it ends the sign-in (reuse detection).
 */
let a: AuthServer
beforeAll(async () => {
  a = await startAuthServer({ enabled: true, rate_limits: { refresh: 0 } })
})
afterAll(async () => {
  await a.close()
})

const refresh = (token: string) => a.call('POST', '/auth/refresh', { json: { refresh_token: token } })
const me = (access: string) => a.call('GET', '/auth/me', { token: access })

/** Moves the session's last rotation back past the interval, in the store on disk. */
async function ageRotation(refreshToken: string): Promise<void> {
  await endUserState(a.server.ctx).db.update((doc) => {
    const s = doc.sessions.find((x) => x.previous_hash === sha256(refreshToken))!
    s.rotated_at = new Date(Date.now() - (REFRESH_REUSE_SECONDS + 1) * 1000).toISOString()
  })
}

describe('refresh token reuse interval', () => {
  it('a retry within the interval answers the same pair; the sign-in goes on', async () => {
    const up = await a.signup('retry@example.com')
    const first = await refresh(up.body.refresh_token as string)
    expect(first.status).toBe(200)
    const again = await refresh(up.body.refresh_token as string)
    expect(again.status).toBe(200)
    for (const k of ['access_token', 'refresh_token', 'expires_at', 'refresh_token_expires_at']) expect(again.body[k]).toBe(first.body[k])
    expect((await me(again.body.access_token as string)).status).toBe(200)
    const next = await refresh(again.body.refresh_token as string)
    expect(next.status).toBe(200)
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token)
    // Nothing usable is kept in plain text: neither token of the pair appears in the store.
    const stored = await readFile(join(a.project.stateDir, 'auth.json'), 'utf8')
    for (const secret of [first.body.refresh_token, first.body.access_token, next.body.refresh_token, next.body.access_token]) expect(stored).not.toContain(secret as string)
  })

  it('two refreshes with one token at the same time both get the same pair', async () => {
    const up = await a.signup('twice@example.com')
    const [x, y] = await Promise.all([refresh(up.body.refresh_token as string), refresh(up.body.refresh_token as string)])
    expect([x.status, y.status]).toEqual([200, 200])
    expect(y.body.refresh_token).toBe(x.body.refresh_token)
    expect(y.body.access_token).toBe(x.body.access_token)
    expect((await refresh(x.body.refresh_token as string)).status).toBe(200)
  })

  it('after the interval, the spent token ends the sign-in: its tokens stop working', async () => {
    const up = await a.signup('late@example.com')
    const first = await refresh(up.body.refresh_token as string)
    expect(first.status).toBe(200)
    await ageRotation(up.body.refresh_token as string)
    const reuse = await refresh(up.body.refresh_token as string)
    expect(reuse).toMatchObject({ status: 401, body: { message: 'Invalid refresh token.' } })
    expect((await refresh(first.body.refresh_token as string)).status).toBe(401)
    expect((await me(first.body.access_token as string)).status).toBe(401)
  })

  it('a token that never was issued is 401 and ends nothing', async () => {
    const up = await a.signup('other@example.com')
    expect((await refresh('x'.repeat(64))).status).toBe(401)
    expect((await refresh(up.body.refresh_token as string)).status).toBe(200)
  })
})
