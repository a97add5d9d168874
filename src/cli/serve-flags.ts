import { spawn } from 'node:child_process'
// Only core here: this module runs before the CLI bundle loads, as tsc's modules (bin/cms.mjs).
import { processIdentity } from '../core/process-identity.ts'

/**
 * The V8 flags `cms serve` needs from its first instruction (they size the heap, which a running
 * process cannot change: `v8.setFlagsFromString` at the top of the bin measured no effect).
 *
 * Why: after a minute idle, V8 shrinks the young generation, and a read load never grows it
 * back (almost nothing an answer allocates survives). Measured (a read-only server on the 10k
 * bench tree, 3 s of Q1 before and after 150 s idle): without the flags 53 scavenges before and
 * 352 after; with them 50 and 44 (docs/benchmarks.md, sessions 11 and 13). A dev server idles
 * most of its life, and a site build then reads it at ~0.6–0.8 of the speed it had.
 */
export const SERVE_FLAGS = ['--no-memory-reducer', '--min-semi-space-size=16'] as const

/** Set in the child a respawn starts: serve here, and stop with the process that started it. */
const RESPAWNED = 'CMS_SERVE_RESPAWNED'
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * In a server started by a respawn: the `cms serve` that started it (pid and identity), which
 * the lock records so that a new server, started right after that one was killed, waits the
 * moment this one takes to stop itself rather than refuse (storage/lock.ts). null otherwise.
 */
export function respawnParent(): { pid: number; process_start: string | null } | null {
  return process.env[RESPAWNED] === '1' && process.channel ? processIdentity(process.ppid) : null
}

/** The flags this process lacks (one given with another value, or negated, counts as given). */
function missingFlags(execArgv: readonly string[]): string[] {
  const name = (flag: string) => flag.replace(/^--(no-)?/, '').split('=')[0]!.replaceAll('_', '-')
  const given = new Set(execArgv.map(name))
  return SERVE_FLAGS.filter((flag) => !given.has(name(flag)))
}

/**
 * `cms serve` started without SERVE_FLAGS (`npx cms serve`, `node bin/cms.mjs serve`) runs again
 * as a child with them, which serves; this process forwards SIGINT, SIGTERM and SIGHUP to it and
 * exits as it does (the same code, or the same signal). The child has its own process group, so
 * a Ctrl-C in a terminal reaches it once, through here. Returns false when this process is to
 * serve itself: it has the flags (`npm start`), CMS_SERVE_RESPAWN=0, or Windows.
 */
export function respawnWithServeFlags(script: string, args: readonly string[]): boolean {
  if (process.env[RESPAWNED] === '1') {
    stopWithParent()
    return false
  }
  const missing = missingFlags(process.execArgv)
  // Windows has no signals to forward: `kill` there ends a process at once, without its graceful stop.
  if (missing.length === 0 || process.env.CMS_SERVE_RESPAWN === '0' || process.platform === 'win32') return false
  const child = spawn(process.execPath, [...process.execArgv, ...missing, script, ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [RESPAWNED]: '1' },
    detached: true,
  })
  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
  for (const signal of FORWARDED) process.on(signal, forward)
  child.on('error', (error) => {
    process.stderr.write(`error: could not start the server process: ${error.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    for (const s of FORWARDED) process.off(s, forward)
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
  return true
}

/**
 * In the child: if the process that started it goes without waiting for it (SIGKILL, a crash),
 * stop the same way, at once, rather than serve on with no one to stop it. The channel does not
 * keep this process alive.
 */
function stopWithParent(): void {
  const channel = process.channel
  if (!channel) return
  process.once('disconnect', () => process.kill(process.pid, 'SIGKILL'))
  channel.unref()
}
