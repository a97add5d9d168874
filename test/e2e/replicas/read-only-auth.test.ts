import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { runServer, type RunningServer } from '../../../src/server/lifecycle/run.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

/*
 * A `--read-only` server keeps no end users of its own: behind a round-robin balancer each
 * replica would otherwise have its own. Every /auth/ route, sign-in and reads included, is a
 * 405 naming the writer (CMS_WRITER_URL) when one is configured.
 */
let project: TempProject
let named: RunningServer
let plain: RunningServer

beforeAll(async () => {
  project = await makeProject(blogTemplate())
  // Project auth on, as the writer's committed project.yaml would have it.
  const writer = await runServer({ dir: project.contentDir, port: 0, config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0' } }) })
  const { auth: _off, ...rest } = writer.ctx.store.project
  await writer.ctx.store.putProject({ ...rest, auth: { enabled: true } }, 'cli')
  await writer.stop()
  const start = (env: Record<string, string>) => runServer({ dir: project.contentDir, port: 0, readOnly: true, config: loadConfig({ dir: project.contentDir, env: { API_RATE_LIMIT_PER_MINUTE: '0', ...env } }) })
  named = await start({ CMS_WRITER_URL: 'https://cms-writer.example.com/' })
  plain = await start({})
})

afterAll(async () => {
  await Promise.all([named?.stop(), plain?.stop()])
  await project?.cleanup()
})

const call = async (s: RunningServer, method: string, path: string, json?: unknown, token?: string) => {
  const res = await fetch(`${s.http.url}${path}`, {
    method,
    headers: { 'project-id': s.ctx.store.project.uuid, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json !== undefined ? JSON.stringify(json) : null,
  })
  return { status: res.status, body: await res.json() as any, allow: res.headers.get('allow') }
}

const user = { email: 'ada@example.com', password: 'correct horse battery' }

describe('end-user routes on a read-only server', () => {
  it.each([
    ['POST', '/auth/signup', user],
    ['POST', '/auth/login', user],
    ['POST', '/auth/refresh', { refresh_token: 'x' }],
    ['POST', '/auth/logout', undefined],
    ['GET', '/auth/me', undefined],
    ['GET', '/auth/api-keys', undefined],
    ['POST', '/auth/api-keys', { name: 'k' }],
    ['POST', '/auth/verify-email/confirm', { token: 'x' }],
    ['GET', '/auth/verify-email/confirm?token=x', undefined],
    ['POST', '/api/auth/signup', user],
  ] as const)('%s %s: 405 naming the writer\'s URL', async (method, path, json) => {
    const r = await call(named, method, path, json)
    expect(r.status).toBe(405)
    expect(r.body).toEqual({ message: expect.stringContaining('https://cms-writer.example.com') })
    expect(r.body.message).toMatch(/read-only/)
  })

  it('introspection (an API token\'s route) too, and no auth.json is ever written', async () => {
    const r = await call(named, 'POST', '/auth/api-keys/introspect', { api_key: 'uak_x' }, 'whatever')
    expect(r.status).toBe(405)
    expect(existsSync(join(project.dir, '.cms', 'auth.json'))).toBe(false)
  })

  it('without CMS_WRITER_URL the message says to send it to the writer', async () => {
    const r = await call(plain, 'POST', '/auth/signup', user)
    expect(r.status).toBe(405)
    expect(r.body.message).toMatch(/Send \/auth\/ requests to the writer instance/)
    // Content writes name the writer too when it is known.
    expect((await call(named, 'POST', '/articles', { data: {} })).body.message).toMatch(/Send writes to the writer, https:\/\/cms-writer\.example\.com\./)
  })

  it('a CMS_WRITER_URL that is no http(s) URL stops the start, naming the setting', async () => {
    await expect(runServer({ dir: project.contentDir, port: 0, readOnly: true, config: loadConfig({ dir: project.contentDir, env: { CMS_WRITER_URL: 'cms-writer:4000' } }) }))
      .rejects.toThrow(/CMS_WRITER_URL must be the writer's http\(s\) URL/)
  })
})
