import { open, readFile, rm, mkdir, writeFile, chmod } from 'node:fs/promises'
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
}

export const serverInfoPath = (stateDir: string): string => join(stateDir, 'server.json')

/** The running server for this content dir, or null when none (a lock whose process is gone counts as none). */
export async function readServerInfo(stateDir: string): Promise<ServerInfo | null> {
  try {
    const info = JSON.parse(await readFile(serverInfoPath(stateDir), 'utf8')) as ServerInfo
    return isAlive(info.pid) ? info : null
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
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) return { ok: false, holder }
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

/** Whether process `pid` is running (EPERM: running under another user). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
