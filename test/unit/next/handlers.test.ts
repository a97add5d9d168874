import { describe, expect, it } from 'vitest'
import { createRevalidateHandler } from '../../../src/next/revalidate.ts'
import { createDraftModeHandler } from '../../../src/next/draft-mode.ts'
import { tagsOfPath } from '../../../src/next/tags.ts'
import { signatureHeaders, generateSecret } from '../../../src/webhooks/sign.ts'

/**
 * The handlers' refusals, which answer before any Next.js request scope is needed. What they do
 * inside a real app (revalidation, draft mode) is test/e2e/frameworks/next.test.ts.
 */
const UUID = '0b0a5b5e-8f7c-4b6e-9d57-3a3b1c2d4e5f'
const delivery = (headers: Record<string, string>, body: string) => new Request('http://site.test/api/revalidate', { method: 'POST', headers, body })
const now = () => Math.floor(Date.now() / 1000)

describe('createRevalidateHandler', () => {
  const secret = generateSecret()
  const POST = createRevalidateHandler({ secret })
  const body = JSON.stringify({ event: 'webhook.test', source: 'api', delivery_id: 'd1' })

  it('accepts our signature (whsec_ and plain secrets), and a ping revalidates nothing', async () => {
    const ok = await POST(delivery(signatureHeaders(secret, 'msg_1', now(), body), body))
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ revalidated: true, tags: [], paths: [] })
    const plain = createRevalidateHandler({ secret: 'a plain shared secret' })
    expect((await plain(delivery(signatureHeaders('a plain shared secret', 'msg_2', now(), body), body))).status).toBe(200)
  })

  it('refuses unsigned, tampered, wrongly keyed and stale deliveries with 401', async () => {
    expect((await POST(delivery({}, body))).status).toBe(401)
    expect((await POST(delivery(signatureHeaders(secret, 'msg_1', now(), body), body.replace('d1', 'd2')))).status).toBe(401)
    expect((await POST(delivery(signatureHeaders(generateSecret(), 'msg_1', now(), body), body))).status).toBe(401)
    expect((await POST(delivery(signatureHeaders(secret, 'msg_1', now() - 3600, body), body))).status).toBe(401)
    const refused = await POST(delivery({}, body))
    expect(await refused.json()).toEqual({ error: 'The webhook signature is missing or invalid.' })
  })

  it('without a secret configured, answers 500 naming the option', async () => {
    const res = await createRevalidateHandler({ secret: undefined })(delivery({}, body))
    expect(res.status).toBe(500)
    expect(await res.text()).toContain('createRevalidateHandler({ secret })')
  })
})

describe('createDraftModeHandler', () => {
  const GET = createDraftModeHandler({ url: 'http://127.0.0.1:9', projectId: 'p', resolvePath: (e) => '/posts/' + e.fields.slug })
  const at = (q: string) => GET(new Request(`http://site.test/api/draft?${q}`))

  it('refuses a malformed collection or uuid (400) and a missing token (401) before any request', async () => {
    expect((await at(`collection=../x&uuid=${UUID}&token=t`)).status).toBe(400)
    expect((await at('collection=posts&uuid=nope&token=t')).status).toBe(400)
    expect((await at(`collection=posts&uuid=${UUID}&locale=<x>&token=t`)).status).toBe(400)
    const missing = await at(`collection=posts&uuid=${UUID}`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('set-cookie')).toBeNull()
  })
})

describe('tagsOfPath', () => {
  it('tags a collection read and an entry read; other paths only `cms`', () => {
    expect(tagsOfPath('/posts?where[slug]=x&first=1')).toEqual(['cms', 'posts'])
    expect(tagsOfPath(`/posts/${UUID.toUpperCase()}?state=draft`)).toEqual(['cms', 'posts', `posts:${UUID}`])
    expect(tagsOfPath('/collections/posts')).toEqual(['cms'])
    expect(tagsOfPath('/')).toEqual(['cms'])
  })
})
