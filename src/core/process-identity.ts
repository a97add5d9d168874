import { existsSync, readFileSync } from 'node:fs'

/**
 * `<boot id>:<start time in clock ticks>` of a process on Linux; null elsewhere or when unreadable.
 * After a container restart a pid may belong to another process: with this, it does not count
 * as the one that held the lock (storage/lock.ts). Here, with nothing else, because `cms serve`
 * reads it before it loads the CLI (cli/serve-flags.ts).
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses): starttime is the 20th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const start = fields[19]
    if (!start) return null
    let boot = ''
    try { boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() } catch { /* identity by start time alone */ }
    return `${boot}:${start}`
  } catch {
    return null
  }
}

/** The identity of process `pid`, for `ServerInfo.parent`. */
export const processIdentity = (pid: number): { pid: number; process_start: string | null } => ({ pid, process_start: processStart(pid) })

/**
 * Whether process `pid` is running (EPERM: running under another user). A zombie is not: it
 * has exited and only waits for its parent to collect it, which after a `kill -9` of a
 * process group (its parent killed too) is up to an init that may take seconds, or never.
 */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

/** Linux: the state letter of /proc/<pid>/stat is Z (zombie) or X (dead); elsewhere, never. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch (error) {
    // Gone between the signal and the read: not running. No /proc (macOS): the signal decides.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat')
  }
}
