import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { setSuspended } from '../../../src/end-users/admin.ts'
import { endUserState } from '../../../src/end-users/state.ts'
import { PASSWORD, startAuthServer, treeHashes, type AuthServer } from './helpers.ts'

/*
 * End users' `uak_` keys over real HTTP: made by a signed-in user, listed without secrets,
 * introspected by a project token with the `introspect` ability, revoked, expired, and
 * inactive once their owner is suspended; refused on content routes.
 */
let a: AuthServer
let before: Record<string, string>
let introspector: string
let readOnlyToken: string
let access: string
let userUuid: string
const plainKeys: string[] = []

beforeAll(async () => {
  a = await startAuthServer({ enabled: true })
  introspector = (await createToken(a.server.ctx.store, { name: 'backend', abilities: ['introspect'] })).token
  readOnlyToken = (await createToken(a.server.ctx.store, { name: 'site', abilities: ['read', 'create'] })).token
  before = await treeHashes(a.project.contentDir)
  const up = await a.signup('kim@example.com')
  access = up.body.access_token as string
  userUuid = (up.body.user as { uuid: string }).uuid
})

afterAll(async () => {
  await a.close()
})

const introspect = (apiKey: string, token = introspector) => a.call('POST', '/auth/api-keys/introspect', { token, json: { api_key: apiKey } })
const createKey = async (json: Record<string, unknown>, token = access) => {
  const res = await a.call('POST', '/auth/api-keys', { token, json })
  if (res.status === 201) plainKeys.push(res.body.plain_text_key as string)
  return res
}

describe('user API keys', () => {
  it('create (201, shown once), list (no plaintext), introspect (active), revoke, introspect (inactive)', async () => {
    const made = await createKey({ name: 'laptop', scopes: ['notes:read', 'notes:write'] })
    expect(made.status).toBe(201)
    expect(Object.keys(made.body).sort()).toEqual(['created_at', 'expires_at', 'id', 'key_prefix', 'name', 'plain_text_key', 'scopes'])
    const plain = made.body.plain_text_key as string
    expect(plain).toMatch(/^uak_[a-z0-9]{12}_[A-Za-z0-9]{64}$/)
    expect(plain.slice(4, 16)).toBe(made.body.key_prefix)

    const list = await a.call('GET', '/auth/api-keys', { token: access })
    expect(list.status).toBe(200)
    const rows = list.body.data as Array<Record<string, unknown>>
    expect(rows).toHaveLength(1)
    expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'expires_at', 'id', 'key_prefix', 'last_used_at', 'name', 'revoked_at', 'scopes'])
    expect(rows[0]!.last_used_at).toBeNull()
    expect(JSON.stringify(list.body)).not.toContain(plain.slice(17))

    const active = await introspect(plain)
    expect(active).toMatchObject({ status: 200, body: {
      active: true, project_uuid: a.server.ctx.store.project.uuid, user_uuid: userUuid, scopes: ['notes:read', 'notes:write'],
      expires_at: null, key_id: made.body.id, key_prefix: made.body.key_prefix,
    } })
    const used = (await a.call('GET', '/auth/api-keys', { token: access })).body.data as Array<Record<string, unknown>>
    expect(used[0]!.last_used_at).toEqual(expect.any(String))

    const revoked = await a.call('POST', `/auth/api-keys/${made.body.id}/revoke`, { token: access })
    expect(revoked).toMatchObject({ status: 200, body: { message: 'API key revoked.' } })
    const inactive = await introspect(plain)
    expect(inactive).toMatchObject({ status: 200, body: {
      active: false, project_uuid: a.server.ctx.store.project.uuid, user_uuid: null, scopes: [], key_id: made.body.id, key_prefix: made.body.key_prefix,
    } })
    expect(((await a.call('GET', '/auth/api-keys', { token: access })).body.data as Array<Record<string, unknown>>)[0]!.revoked_at).toEqual(expect.any(String))
  })

  it('records last_used_at to the minute: introspecting an active key again within it writes nothing', async () => {
    const made = await createKey({ name: 'backend-calls' })
    const plain = made.body.plain_text_key as string
    const file = endUserState(a.server.ctx).db.path
    expect((await introspect(plain)).body.active).toBe(true)
    const recorded = statSync(file)
    const text = await readFile(file, 'utf8')
    for (let i = 0; i < 3; i++) expect((await introspect(plain)).body.active).toBe(true)
    // An atomic rewrite would have replaced the file (a new inode) and moved last_used_at.
    expect(statSync(file).ino).toBe(recorded.ino)
    expect(await readFile(file, 'utf8')).toBe(text)
    const rows = (await a.call('GET', '/auth/api-keys', { token: access })).body.data as Array<Record<string, unknown>>
    expect(rows.find((r) => r.id === made.body.id)!.last_used_at).toEqual(expect.any(String))
  })

  it('an unknown key is inactive with every field null and no scopes (200, never an error)', async () => {
    const res = await introspect(`uak_abcdefghijkl_${'x'.repeat(64)}`)
    expect(res).toEqual({ ...res, status: 200, body: { active: false, project_uuid: null, user_uuid: null, scopes: [], expires_at: null, key_id: null, key_prefix: null } })
    const short = await introspect('uak_short')
    expect(short.status).toBe(422)
  })

  it('a key past its expires_at is inactive', async () => {
    const soon = new Date(Date.now() + 1500).toISOString()
    const made = await createKey({ name: 'brief', expires_at: soon })
    expect(made.status).toBe(201)
    expect(made.body.expires_at).toBe(soon)
    expect((await introspect(made.body.plain_text_key as string)).body.active).toBe(true)
    // Wait for the positive signal (inactive), bounded.
    let body: Record<string, unknown> = {}
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      body = (await introspect(made.body.plain_text_key as string)).body
      if (body.active === false) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(body).toMatchObject({ active: false, user_uuid: null, scopes: [], expires_at: soon, key_id: made.body.id })
    const past = await createKey({ name: 'past', expires_at: '2020-01-01T00:00:00Z' })
    expect(past.status).toBe(422)
  })

  it('a suspended owner makes the key inactive with user_uuid null; unsuspended it is active again', async () => {
    const made = await createKey({ name: 'phone' })
    const key = made.body.plain_text_key as string
    const scope = { stateDir: a.project.stateDir, project: a.server.ctx.store.project }
    await setSuspended(scope, 'kim@example.com', true)
    expect((await introspect(key)).body).toMatchObject({ active: false, user_uuid: null, scopes: [], key_id: made.body.id, key_prefix: made.body.key_prefix })
    // Suspension also ended the sign-in.
    expect((await a.call('GET', '/auth/me', { token: access })).status).toBe(401)
    expect((await a.call('POST', '/auth/login', { json: { email: 'kim@example.com', password: PASSWORD } }))).toMatchObject({ status: 403, body: { message: 'This account is suspended.' } })
    await setSuspended(scope, 'kim@example.com', false)
    expect((await introspect(key)).body).toMatchObject({ active: true, user_uuid: userUuid })
    const login = await a.call('POST', '/auth/login', { json: { email: 'kim@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)
    access = login.body.access_token as string
  })

  it('introspection needs a project token with the introspect ability: 403 without it, 401 with none or with a uak_ key', async () => {
    const key = (await createKey({ name: 'x' })).body.plain_text_key as string
    expect(await introspect(key, readOnlyToken)).toMatchObject({ status: 403, body: { message: "API token doesn't have the right abilities!" } })
    const none = await a.call('POST', '/auth/api-keys/introspect', { json: { api_key: key } })
    expect(none).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
    expect(await introspect(key, key)).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
    expect(await introspect(key, access)).toMatchObject({ status: 403, body: { message: 'Forbidden.' } })
  })

  it('a uak_ key on a content route is 401 Unauthenticated., even for a public read', async () => {
    const key = (await createKey({ name: 'y' })).body.plain_text_key as string
    expect(await a.call('POST', '/articles', { token: key, json: { data: { title: 'x' } } })).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
    expect(await a.call('GET', '/articles', { token: key })).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
  })

  it('keys are the user\'s own: another user cannot list or revoke them (404 Not found.)', async () => {
    const mine = await createKey({ name: 'mine' })
    const other = await a.signup('lee@example.com')
    const otherToken = other.body.access_token as string
    expect(((await a.call('GET', '/auth/api-keys', { token: otherToken })).body.data as unknown[])).toEqual([])
    expect(await a.call('POST', `/auth/api-keys/${mine.body.id}/revoke`, { token: otherToken })).toMatchObject({ status: 404, body: { message: 'Not found.' } })
    expect(await a.call('POST', '/auth/api-keys/abc/revoke', { token: otherToken })).toMatchObject({ status: 404, body: { message: 'Not found.' } })
    expect((await introspect(mine.body.plain_text_key as string)).body.active).toBe(true)
    expect(await a.call('POST', '/auth/api-keys', { json: { name: 'anon' } })).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } })
  })

  it('stores keys only as hashes; content/ is unchanged; no key appears in an answer except the one creating it', async () => {
    const db = await readFile(join(a.project.stateDir, 'auth.json'), 'utf8')
    expect(plainKeys.length).toBeGreaterThan(4)
    for (const key of plainKeys) {
      expect(db).not.toContain(key)
      expect(db).not.toContain(key.slice(17))
      expect(a.bodies.filter((b) => b.includes(key.slice(17))).length).toBe(1)
    }
    expect(await treeHashes(a.project.contentDir)).toEqual(before)
  })
})

describe('rate limits', () => {
  it('introspection is limited per minute (auth.rate_limits.introspect: 2 → the third is 429 Too Many Attempts.)', async () => {
    const limited = await startAuthServer({ enabled: true, rate_limits: { introspect: 2 } })
    try {
      const token = (await createToken(limited.server.ctx.store, { name: 'i', abilities: ['introspect'] })).token
      const send = () => limited.call('POST', '/auth/api-keys/introspect', { token, json: { api_key: `uak_abcdefghijkl_${'x'.repeat(64)}` } })
      expect((await send()).status).toBe(200)
      expect((await send()).status).toBe(200)
      const third = await send()
      expect(third).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } })
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  it('sign-up has the hosted default of 10 per minute per client', async () => {
    const s = await startAuthServer({ enabled: true })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 11; i++) statuses.push((await s.call('POST', '/auth/signup', { json: { email: `u${i}@example.com`, password: 'short' } })).status)
      expect(statuses.slice(0, 10).every((x) => x === 422)).toBe(true)
      expect(statuses[10]).toBe(429)
    } finally {
      await s.close()
    }
  })
})
