import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import type { ProjectAuthConfig } from '../../../src/core/types.ts'

/** SHA-256 of every file under a folder (relative path → hash): equal before and after means nothing changed. */
export async function treeHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else out[relative(root, path)] = createHash('sha256').update(await readFile(path)).digest('hex')
    }
  }
  await walk(root)
  return out
}

export interface Call {
  status: number
  body: Record<string, unknown>
  headers: Headers
}

/**
 * A real server over a temp project with project auth set as given. Every answer body is
 * kept (`bodies`) so a test can check afterwards that no secret ever left in one.
 */
export interface AuthServer {
  project: TempProject
  server: TestServer
  bodies: string[]
  call(method: string, path: string, options?: { json?: unknown; token?: string; headers?: Record<string, string> }): Promise<Call>
  signup(email: string, password?: string): Promise<Call>
  close(): Promise<void>
}

export const PASSWORD = 'correct horse battery'

export async function startAuthServer(auth: ProjectAuthConfig | null = { enabled: true }): Promise<AuthServer> {
  const project = await makeProject(blogTemplate())
  const server = await startTestServer(project.contentDir)
  const { auth: _ignored, ...rest } = server.ctx.store.project
  await server.ctx.store.putProject(auth ? { ...rest, auth } : rest, 'cli')
  const bodies: string[] = []
  const call: AuthServer['call'] = async (method, path, options = {}) => {
    const res = await server.request(path, {
      method,
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.token ? { token: options.token } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    })
    const text = await res.text()
    bodies.push(text)
    let body: Record<string, unknown> = {}
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      body = { text }
    }
    return { status: res.status, body, headers: res.headers }
  }
  return {
    project, server, bodies, call,
    signup: (email, password = PASSWORD) => call('POST', '/auth/signup', { json: { email, password, display_name: email.split('@')[0] } }),
    async close() {
      await server.close()
      await project.cleanup()
    },
  }
}

/**
 * Everything written to stdout/stderr (and the console) while `fn` runs, in this process:
 * the server's log when the server runs in the test.
 */
export function captureLog(): { lines: () => string; stop: () => void } {
  let text = ''
  const out = process.stdout.write.bind(process.stdout)
  const err = process.stderr.write.bind(process.stderr)
  const keep = (chunk: unknown) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8')
  }
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk), out(chunk as string, ...(rest as []))) ) as typeof process.stdout.write
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (keep(chunk), err(chunk as string, ...(rest as [])))) as typeof process.stderr.write
  const methods = ['log', 'error', 'warn', 'info'] as const
  const saved = methods.map((m) => console[m])
  for (const m of methods) console[m] = (...args: unknown[]) => keep(`${args.map(String).join(' ')}\n`)
  return {
    lines: () => text,
    stop() {
      process.stdout.write = out
      process.stderr.write = err
      methods.forEach((m, i) => (console[m] = saved[i]!))
    },
  }
}
