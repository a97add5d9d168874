import { spawn, type ChildProcess } from 'node:child_process'

/**
 * Starts child processes (git, sync) from a small helper process instead of from this one. Starting a child means
 * fork(), which copies the page tables of the whole process while the event loop waits: ~2 ms
 * of CPU per 100 MB of memory, so a server holding a large content tree stalled for tens of ms
 * on every git command or file-system flush, and the test workers spent ~50 s of a run in it (docs/benchmarks.md,
 * "Suite speed: the CLI bundle"). The helper is a bare Node (~50 MB) started once, on the first
 * command; it runs each command and sends back its exit code and output. Its code is a string
 * here, so it runs the same from src/, dist/ and the CLI bundle.
 */
const HELPER = `
const { spawn } = require('node:child_process')
const { setPriority } = require('node:os')
const children = new Map()
process.on('disconnect', () => { for (const c of children.values()) c.kill('SIGTERM'); process.exit(0) })
process.on('message', (m) => {
  if (m.kill) { children.get(m.id)?.kill('SIGTERM'); return }
  let child
  try {
    child = spawn(m.command, m.args, { cwd: m.cwd, env: m.env, stdio: ['pipe', 'pipe', 'pipe'], ...(m.timeoutMs ? { timeout: m.timeoutMs } : {}) })
  } catch (error) {
    process.send({ id: m.id, error: { code: error.code, message: error.message } })
    return
  }
  children.set(m.id, child)
  if (m.background && child.pid !== undefined) { try { setPriority(child.pid, 10) } catch {} }
  const out = [], err = []
  let failed = null
  child.stdout.on('data', (c) => out.push(c))
  child.stderr.on('data', (c) => err.push(c))
  child.on('error', (error) => { failed = { code: error.code, message: error.message } })
  child.on('close', (code, signal) => {
    children.delete(m.id)
    if (failed) process.send({ id: m.id, error: failed })
    else process.send({ id: m.id, code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err) })
  })
  child.stdin.on('error', () => {})
  child.stdin.end(m.input ?? '')
})
`

export interface SpawnRequest {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
  input?: string
  background?: boolean
  timeoutMs?: number
  signal?: AbortSignal
}

export interface SpawnAnswer {
  code: number | null
  signal: string | null
  stdout: Buffer
  stderr: Buffer
}

/** A child that could not start: `code` is the errno name (`ENOENT` when the command is missing). */
export class SpawnFailed extends Error {
  readonly code: string | undefined
  constructor(message: string, code: string | undefined) {
    super(message)
    this.code = code
  }
}

type Pending = { resolve: (a: SpawnAnswer) => void; reject: (e: Error) => void }
type Reply = { id: number; error?: { code?: string; message: string }; code?: number | null; signal?: string | null; stdout?: Uint8Array; stderr?: Uint8Array }

let helper: ChildProcess | null = null
const pending = new Map<number, Pending>()
let nextId = 1

function helperProcess(): ChildProcess {
  if (helper) return helper
  const child = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced', env: { PATH: process.env.PATH ?? '' } })
  child.on('message', (m: Reply) => {
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    settle()
    if (m.error) p.reject(new SpawnFailed(m.error.message, m.error.code))
    else p.resolve({ code: m.code ?? null, signal: m.signal ?? null, stdout: Buffer.from(m.stdout ?? []), stderr: Buffer.from(m.stderr ?? []) })
  })
  const gone = () => {
    if (helper !== child) return
    helper = null
    // Commands in flight when the helper died: failed, and the next command starts a new helper.
    for (const [id, p] of pending) {
      pending.delete(id)
      p.reject(new SpawnFailed('the process that starts commands ended', undefined))
    }
  }
  child.on('exit', gone)
  child.on('error', gone)
  helper = child
  settle()
  return child
}

/** The helper keeps this process alive only while a command runs (a CLI command exits when done). */
function settle(): void {
  if (!helper) return
  if (pending.size > 0) { helper.ref(); helper.channel?.ref() } else { helper.unref(); helper.channel?.unref() }
}

/** Runs a command through the helper; rejects with SpawnFailed when it could not start. */
export function spawnViaHelper(request: SpawnRequest): Promise<SpawnAnswer> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))
    const child = helperProcess()
    const id = nextId++
    const onAbort = () => { child.send({ id, kill: true }) }
    request.signal?.addEventListener('abort', onAbort, { once: true })
    pending.set(id, {
      resolve: (a) => { request.signal?.removeEventListener('abort', onAbort); if (request.signal?.aborted) reject(Object.assign(new Error('aborted'), { name: 'AbortError' })); else resolve(a) },
      reject: (e) => { request.signal?.removeEventListener('abort', onAbort); reject(e) },
    })
    settle()
    const { signal: _signal, ...message } = request
    child.send({ id, ...message }, (error) => {
      if (!error || !pending.has(id)) return
      pending.delete(id)
      settle()
      reject(new SpawnFailed(`could not reach the process that starts commands: ${error.message}`, undefined))
    })
  })
}
