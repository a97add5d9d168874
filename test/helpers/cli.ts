import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { spawnViaHelper } from '../../src/core/spawner.ts'

export const CMS_BIN = fileURLToPath(new URL('../../bin/cms.mjs', import.meta.url))

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs `cms <args>` as a CI job would: no TTY, stdin closed unless `input` is given. Started by
 * the spawner's helper (src/core/spawner.ts), not forked from this worker: a fork copies the
 * worker's page tables, several ms of CPU each for the hundreds of commands a run starts.
 */
export async function cms(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): Promise<CliResult> {
  const answer = await spawnViaHelper({
    command: process.execPath, args: [CMS_BIN, ...args], cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', ...options.env } as Record<string, string>, input: options.input ?? '',
  })
  return { code: answer.code, stdout: answer.stdout.toString('utf8'), stderr: answer.stderr.toString('utf8') }
}

export interface ServeProcess {
  child: ChildProcess
  url: string
  output: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
}

/** Starts `cms serve --port 0` and resolves once it prints its URL. */
export function serve(args: string[], options: { env?: Record<string, string> } = {}): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CMS_BIN, 'serve', '--port', '0', ...args], {
      env: { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
    const onData = (d: Buffer) => {
      out += d.toString()
      const m = /url:\s+(http:\/\/\S+)/.exec(out)
      if (m) resolve({ child, url: m[1]!, output: () => out, exited })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    exited.then((code) => reject(new Error(`cms serve exited with ${code}: ${out}`)))
  })
}
