import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatedTypes, writePostsContent } from '../../fixtures/frameworks/site-content.mjs'
import { signatureHeaders } from '../../../src/webhooks/sign.ts'
import { ADMIN, seedAdminToken, TEST_ENV } from '../webhooks/helpers.ts'
import { serve } from '../webhooks/process.ts'
import { FIXTURES, freePort, linkPackage, ROOT, run, start, TSC } from './helpers.ts'

/**
 * A real `next build` (once, in beforeAll) and `next start` of test/fixtures/next-app, against a
 * real `cms serve` whose webhook points at the app's revalidation route.
 */
const APP = join(FIXTURES, 'next-app')
const NEXT = join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next')
const SECRET = `whsec_${randomBytes(32).toString('base64')}`

let tmp = ''
let cms: { child: ChildProcess; url: string }
let next: { child: ChildProcess; output: () => string }
let site = ''
let projectId = ''
let postUuid = ''

const api = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const res = await fetch(`${cms.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'project-id': projectId, authorization: `Bearer ${ADMIN}`, accept: 'application/json', ...(init.json ? { 'content-type': 'application/json' } : {}) },
    ...(init.json ? { body: JSON.stringify(init.json) } : {}),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as any }
}
const titleOf = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${site}${path}`, { headers })
  expect(res.status).toBe(200)
  return /<h1>([^<]*)<\/h1>/.exec(await res.text())?.[1]
}
/** Polls, bounded, until `check` answers a value. */
async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'cms-next-'))
  const made = await writePostsContent(tmp, [{ title: 'Hello v1', slug: 'hello', body: 'The first body.' }])
  projectId = made.projectId
  await seedAdminToken(made.contentDir)
  await writeFile(join(APP, 'cms-types.ts'), await generatedTypes(made.contentDir))
  await linkPackage(APP)
  await rm(join(APP, '.next'), { recursive: true, force: true })
  // Webpack: Turbopack refuses node_modules reached through a symlink out of the repository (this checkout's layout).
  const build = await run(process.execPath, [NEXT, 'build', '--webpack'], { cwd: APP, env: { NEXT_TELEMETRY_DISABLED: '1' }, timeoutMs: 240_000 })
  expect(build.code, build.out.slice(-3000)).toBe(0)
  cms = await serve(made.contentDir, TEST_ENV)
  const port = await freePort()
  next = await start(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: APP,
    env: { NEXT_TELEMETRY_DISABLED: '1', CMS_URL: cms.url, CMS_PROJECT_ID: projectId, CMS_WEBHOOK_SECRET: SECRET },
    ready: /Ready in/,
  })
  site = `http://127.0.0.1:${port}`
  const list = await api('/posts?where[slug]=hello')
  postUuid = list.body[0].uuid
}, 300_000)

afterAll(async () => {
  next?.child.kill('SIGTERM')
  cms?.child.kill('SIGTERM')
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

describe('next build + next start with cms-content-server/next', () => {
  it('a delivery signed by cms serve revalidates at once; unsigned or tampered ones are refused', async () => {
    expect(await titleOf('/posts/hello')).toBe('Hello v1')
    // Published without a webhook: the page's reads are cached (tagged), so it still shows v1.
    expect((await api(`/posts/${postUuid}`, { method: 'PATCH', json: { data: { title: 'Hello v2' }, state: 'published' } })).status).toBe(200)
    expect(await titleOf('/posts/hello')).toBe('Hello v1')

    const body = JSON.stringify({ event: 'content.updated', source: 'api', project_uuid: projectId, collection: 'posts', content_id: postUuid, timestamp: new Date().toISOString(), delivery_id: 'd1' })
    const post = (headers: Record<string, string>, text = body) => fetch(`${site}/api/revalidate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text })
    expect((await post({})).status).toBe(401)
    const signed = signatureHeaders(SECRET, 'msg_1', Math.floor(Date.now() / 1000), body)
    expect((await post(signed, body.replace('"d1"', '"d2"'))).status).toBe(401)
    expect((await post(signatureHeaders('whsec_' + randomBytes(32).toString('base64'), 'msg_2', Math.floor(Date.now() / 1000), body))).status).toBe(401)
    expect(await titleOf('/posts/hello')).toBe('Hello v1')

    // The webhook, then a change: cms serve signs and delivers it to the app.
    const hook = await api('/webhooks', { method: 'POST', json: { name: 'site', url: `${site}/api/revalidate`, secret: SECRET, events: ['content.updated', 'content.published'], sources: ['api'] } })
    expect(hook.status).toBe(201)
    expect((await api(`/posts/${postUuid}`, { method: 'PATCH', json: { data: { title: 'Hello v3' }, state: 'published' } })).status).toBe(200)
    await until(async () => {
      const logs = await api(`/webhooks/${hook.body.uuid}/logs?paginate=100`)
      const rows = (logs.body?.data ?? []) as Array<{ status: string }>
      if (rows.some((r) => r.status !== '200' && r.status !== '')) throw new Error(`a delivery failed: ${JSON.stringify(rows)}`)
      return rows.some((r) => r.status === '200') ? true : undefined
    }, 'a delivery the app acknowledged')
    expect(await titleOf('/posts/hello')).toBe('Hello v3')
  })

  it('the draft handler with a valid preview token shows the draft; a tampered or expired one does not (needs [20]\'s preview tokens)', async (ctx) => {
    const probe = await api('/_admin/api/preview-tokens', { method: 'POST', json: { collection: 'posts', uuid: postUuid } })
    // Preview tokens come with issue [20]; without them this test cannot run (the lead runs it after merging [20]).
    if (probe.status === 404) ctx.skip()
    expect(probe.status, JSON.stringify(probe.body)).toBeLessThan(300)
    const token: string = probe.body.token ?? probe.body.data?.token
    expect((await api(`/posts/${postUuid}`, { method: 'PATCH', json: { data: { title: 'A draft title' } } })).status).toBe(200)
    const draft = (t: string) => fetch(`${site}/api/draft?collection=posts&uuid=${postUuid}&locale=en&token=${encodeURIComponent(t)}`, { redirect: 'manual' })

    const res = await draft(token)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/posts/hello')
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
    expect(cookies.some((c) => c.startsWith('__prerender_bypass='))).toBe(true)
    expect(res.headers.getSetCookie().find((c) => c.startsWith('cms_preview='))).toMatch(/HttpOnly/i)
    const html = await (await fetch(`${site}/posts/hello`, { headers: { cookie: cookies.join('; ') } })).text()
    expect(html).toContain('<h1>A draft title</h1>')
    expect(html).toContain('draft-mode')
    // Without the cookies: the published page.
    expect(await titleOf('/posts/hello')).not.toBe('A draft title')

    const tampered = await draft(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))
    expect(tampered.status).toBe(401)
    expect(tampered.headers.getSetCookie().some((c) => c.startsWith('__prerender_bypass='))).toBe(false)

    const short = await api('/_admin/api/preview-tokens', { method: 'POST', json: { collection: 'posts', uuid: postUuid, ttl_seconds: 1 } })
    expect(short.status).toBeLessThan(300)
    const expiresAt = Date.parse(short.body.expires_at ?? short.body.data?.expires_at)
    expect(expiresAt - Date.now(), 'a preview token that expires within seconds').toBeLessThan(10_000)
    await until(async () => (Date.now() > expiresAt + 1000 ? true : undefined), 'the token to expire')
    const expired = await draft(short.body.token ?? short.body.data?.token)
    expect(expired.status).toBe(401)
    expect(expired.headers.getSetCookie().some((c) => c.startsWith('__prerender_bypass='))).toBe(false)
  })

  it('the app typechecks against the generated types, and a misuse of a field is a type error', async () => {
    const typed = await readFile(join(APP, 'typed.ts'), 'utf8')
    const copy = join(APP, 'typed.misuse.ts')
    await writeFile(copy, typed.replace(/^\s*\/\/ @ts-expect-error.*\n/m, ''))
    try {
      const tsc = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit'], { cwd: APP })
      const errors = tsc.out.split('\n').filter((l) => /error TS\d+/.test(l))
      expect(errors, tsc.out).toHaveLength(1)
      expect(errors[0]).toMatch(/^typed\.misuse\.ts\(\d+,\d+\): error TS\d+: Property 'toFixed' does not exist on type 'string'/)
    } finally {
      await rm(copy, { force: true })
    }
  })
})
