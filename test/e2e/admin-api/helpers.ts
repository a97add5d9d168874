import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestServer } from '../../helpers/server.ts'
import { signInLink } from '../../../src/server/admin/session-routes.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import type { Ability } from '../../../src/core/types.ts'

/** A fake Vite build (index.html + assets/) for the static editor routes. */
export async function makeEditorBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cms-dist-ui-'))
  await mkdir(join(dir, 'assets'), { recursive: true })
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/_admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>')
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("editor")')
  await writeFile(join(dir, 'assets', 'index-abc123.css'), 'body{margin:0}')
  await writeFile(join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(dir, 'secret.txt'), 'outside assets')
  return dir
}

/** Server-side path: a fresh one-time link, exchanged over HTTP; resolves with the cookie pair `cms_session=...`. */
export async function signInByLink(server: TestServer): Promise<string> {
  const res = await fetch(signInLink(server.ctx, server.url), { redirect: 'manual' })
  if (res.status !== 303) throw new Error(`sign-in link answered ${res.status}`)
  return cookiePair(res)
}

/** Signs in with a new token holding these abilities; resolves with the cookie pair. */
export async function signInByToken(server: TestServer, abilities: Array<Ability | '*'>, name = `t${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const { token } = await createToken(server.ctx.store, { name, abilities })
  const res = await fetch(`${server.url}/_admin/api/session`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ token }),
  })
  if (res.status !== 200) throw new Error(`token sign-in answered ${res.status}: ${await res.text()}`)
  return cookiePair(res)
}

export function cookiePair(res: Response): string {
  const set = res.headers.get('set-cookie') ?? ''
  const m = /^(cms_session=[\w-]+)/.exec(set)
  if (!m) throw new Error(`no session cookie in ${JSON.stringify(set)}`)
  return m[1]!
}

/** What a browser page on the editor sends with a cookie-authenticated write. */
export const browserWrite = (server: TestServer, cookie: string): Record<string, string> => ({ cookie, origin: server.url, 'sec-fetch-site': 'same-origin' })
