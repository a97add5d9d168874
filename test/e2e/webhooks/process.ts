import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../../bin/cms.mjs', import.meta.url))

/** Runs the built CLI to completion. */
export function runCli(args: string[], env: Record<string, string>, cwd?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, ...(cwd ? { cwd } : {}) })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString() })
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString() })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Starts `cms serve` on a free loopback port and resolves with its URL once it listens. */
export function serve(contentDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--dir', contentDir, '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, ...env } })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /url:\s+(http:\/\/\S+)/.exec(out)
      if (m) resolve({ child, url: m[1]! })
    })
    child.stderr!.on('data', (d: Buffer) => { err += d.toString() })
    child.on('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${err}`)))
  })
}
