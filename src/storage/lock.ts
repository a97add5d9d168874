import { open, readFile, rm, mkdir, writeFile, chmod } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** What `.cms/server.json` records about a running server. */
export interface ServerInfo {
  pid: number
  port: number | null
  host: string | null
  url: string | null
  /** Local admin token CLI commands on this machine use to reach the server. */
  token: string | null
  content_dir: string
  started_at: string
  /**
   * Identity of the holder process (boot id and start time, from /proc): after a container
   * restart its pid may belong to another process, which must not count as the holder.
   * null where the platform does not tell.
   */
  process_start?: string | null
}

/** This process's identity, for `ServerInfo.process_start`. */
export const ownProcessStart = (): string | null => processStart(process.pid)

export const serverInfoPath = (stateDir: string): string => join(stateDir, 'server.json')

/** The running server for this content dir, or null when none (a lock whose process is gone counts as none). */
export async function readServerInfo(stateDir: string): Promise<ServerInfo | null> {
  try {
    const info = JSON.parse(await readFile(serverInfoPath(stateDir), 'utf8')) as ServerInfo
    return isHolder(info) ? info : null
  } catch {
    return null
  }
}

export type LockResult = { ok: true; tookOver: ServerInfo | null } | { ok: false; holder: ServerInfo }

/**
 * Takes the one-writer lock. Creation is exclusive (`wx`), so two servers starting at once
 * cannot both win; a lock left by a dead process (SIGKILL) is taken over.
 */
export async function acquireLock(stateDir: string, info: ServerInfo): Promise<LockResult> {
  await mkdir(stateDir, { recursive: true })
  const path = serverInfoPath(stateDir)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600)
      await handle.writeFile(`${JSON.stringify(info, null, 2)}\n`)
      await handle.close()
      return { ok: true, tookOver: null }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder: ServerInfo | null = null
    try {
      holder = JSON.parse(await readFile(path, 'utf8')) as ServerInfo
    } catch {
      holder = null // torn or empty: treat as stale
    }
    if (holder && holder.pid !== process.pid && isHolder(holder)) return { ok: false, holder }
    await rm(path, { force: true })
    if (attempt === 0 && holder) {
      const result = await acquireLock(stateDir, info)
      return result.ok ? { ok: true, tookOver: holder } : result
    }
  }
  return { ok: false, holder: info }
}

export async function updateLock(stateDir: string, info: ServerInfo): Promise<void> {
  const path = serverInfoPath(stateDir)
  await writeFile(path, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 })
  await chmod(path, 0o600)
}

export async function releaseLock(stateDir: string): Promise<void> {
  const path = serverInfoPath(stateDir)
  try {
    const holder = JSON.parse(await readFile(path, 'utf8')) as ServerInfo
    if (holder.pid !== process.pid) return
  } catch {
    return
  }
  await rm(path, { force: true })
}

/** Whether the process a lock names is still the one that wrote it. */
function isHolder(info: ServerInfo): boolean {
  if (!isAlive(info.pid)) return false
  if (!info.process_start) return true
  const now = processStart(info.pid)
  return now === null || now === info.process_start
}

/** `<boot id>:<start time in clock ticks>` of a process on Linux; null elsewhere or when unreadable. */
function processStart(pid: number): string | null {
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

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
