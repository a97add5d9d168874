import { request } from 'node:http'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { PASSWORD } from './helpers.ts'

/*
 * Verification links never take their scheme or host from the request's Host or
 * X-Forwarded-* headers: they come from CMS_PUBLIC_URL, else from the address the server
 * answered on. A sign-up sent with `Host: attacker.example` must not mail the attacker's link.
 */
interface Served { project: TempProject; server: TestServer }
let plain: Served
let configured: Served

async function start(env: Record<string, string> = {}): Promise<Served> {
  const project = await makeProject(blogTemplate())
  const server = await startTestServer(project.contentDir, { env })
  const { auth: _ignored, ...rest } = server.ctx.store.project
  await server.ctx.store.putProject({ ...rest, auth: { enabled: true, email_verification: true, rate_limits: { signup: 0, verification_resend: 0 } } }, 'cli')
  return { project, server }
}

beforeAll(async () => {
  ;[plain, configured] = await Promise.all([start(), start({ CMS_PUBLIC_URL: 'https://cms.example.org/api/' })])
})
afterAll(async () => {
  for (const s of [plain, configured]) {
    await s.server.close()
    await s.project.cleanup()
  }
})

/** A POST with headers fetch will not send as given (Host), over node:http. */
function post(s: Served, path: string, json: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, s.server.url)
  const body = JSON.stringify(json)
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'project-id': s.server.ctx.store.project.uuid, 'content-length': Buffer.byteLength(body), ...headers },
    }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function linksTo(s: Served, email: string): Promise<string[]> {
  const doc = JSON.parse(await readFile(join(s.project.stateDir, 'auth.json'), 'utf8')) as { mail: Array<{ to: string; link: string | null; text: string }> }
  return doc.mail.filter((m) => m.to === email).map((m) => m.link ?? '')
}

const HOSTILE = { host: 'attacker.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }

describe('verification links', () => {
  it('sign-up with Host: attacker.example (and X-Forwarded-*): the mailed link goes to the server\'s own address', async () => {
    expect(await post(plain, '/auth/signup', { email: 'host@example.com', password: PASSWORD }, HOSTILE)).toBe(202)
    const [link] = await linksTo(plain, 'host@example.com')
    expect(link!.startsWith(`${plain.server.url}/auth/verify-email/confirm?token=`)).toBe(true)
    expect(link).not.toMatch(/attacker|evil|https:/)
  })

  it('resend through /api with a forged Host: the server\'s own address, with the /api prefix the request used', async () => {
    expect(await post(plain, '/api/auth/verify-email/resend', { email: 'host@example.com' }, { host: 'attacker.example:8443' })).toBe(200)
    const links = await linksTo(plain, 'host@example.com')
    expect(links).toHaveLength(2)
    expect(links[1]!.startsWith(`${plain.server.url}/api/auth/verify-email/confirm?token=`)).toBe(true)
  })

  it('with CMS_PUBLIC_URL set, links are built on it whatever the request says', async () => {
    expect(await post(configured, '/auth/signup', { email: 'pub@example.com', password: PASSWORD }, HOSTILE)).toBe(202)
    const [link] = await linksTo(configured, 'pub@example.com')
    expect(link!.startsWith('https://cms.example.org/api/auth/verify-email/confirm?token=')).toBe(true)
  })
})
