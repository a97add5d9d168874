import { link, readFile, rm, writeFile, stat } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { makeDirs, writeFileAtomic } from './atomic.ts'
import { isAlive, processStart } from '../core/process-identity.ts'

/** What `.cms/server.json` records about the process holding the one-writer lock. */
export interface ServerInfo {
  pid: number
  /**
   * `server` for `cms serve` (long-lived; other commands go through it), `cli` for one CLI
   * command writing directly for a moment (others wait for it). Absent in older files: a server.
   */
  kind?: 'server' | 'cli'
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
  /**
   * The `cms serve` that started this server as its child (cli/serve-flags.ts) and that it
   * stops with: once that one is gone, this one is exiting, and a new server waits for it.
   */
  parent?: { pid: number; process_start: string | null } | null
}

/** This process's identity, for `ServerInfo.process_start`. */
export const ownProcessStart = (): string | null => processStart(process.pid)

export const serverInfoPath = (stateDir: string): string => join(stateDir, 'server.json')

/** The running server for this content dir, or null when none (a dead holder, or a CLI command holding the lock, counts as none). */
export async function readServerInfo(stateDir: string): Promise<ServerInfo | null> {
  try {
    const info = JSON.parse(await readFile(serverInfoPath(stateDir), 'utf8')) as ServerInfo
    return isHolder(info) && info.kind !== 'cli' && !isExiting(info) ? info : null
  } catch {
    return null
  }
}

/**
 * `exiting`: the holder is still there but on its way out (a server whose parent `cms serve`
 * was killed stops itself a moment later): worth waiting for, briefly, rather than refusing.
 */
export type LockResult = { ok: true; tookOver: ServerInfo | null } | { ok: false; holder: ServerInfo; exiting?: boolean }

/**
 * Takes the one-writer lock. The file appears with its content in one step (written to a temp
 * file, then hard-linked into place, which fails if it exists), so a reader never sees a lock
 * half written, and two processes starting at once cannot both win. A lock left by a dead
 * process (SIGKILL) is taken over.
 */
export async function acquireLock(stateDir: string, info: ServerInfo): Promise<LockResult> {
  await makeDirs(stateDir)
  const path = serverInfoPath(stateDir)
  let tookOver: ServerInfo | null = null
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusive(path, `${JSON.stringify(info, null, 2)}\n`)) return { ok: true, tookOver }
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch {
      continue // released between our attempt and this read: try again
    }
    const holder = parseHolder(text)
    // Our own pid: a server lock left by an earlier run in this process is stale; a CLI lock is a concurrent command.
    if (holder && (holder.pid !== process.pid || holder.kind === 'cli') && isHolder(holder)) return { ok: false, holder, ...(isExiting(holder) ? { exiting: true } : {}) }
    if (!holder && !(await isOld(path))) return { ok: false, holder: { ...info, pid: 0, kind: 'cli' } }
    // Remove the stale lock only if it is still the one we judged (another process may have taken it over).
    if ((await readFile(path, 'utf8').catch(() => null)) !== text) continue
    await rm(path, { force: true })
    tookOver ??= holder
  }
  return { ok: false, holder: info }
}

export interface WriterLockOptions {
  /** How long to wait for another CLI command (or a server still starting). @default CMS_LOCK_WAIT_MS or 30 s */
  waitMs?: number
  /** Called once when the command has to wait. */
  onWait?: (holder: ServerInfo) => void
}

export type WriterLock = { ok: true; release: () => Promise<void> } | { ok: false; server: ServerInfo }

/**
 * The one-writer lock for a CLI command that writes without a server: taken for the length of
 * the command, so unique and singleton checks hold across processes. Another CLI command
 * holding it is waited for (bounded); a server holding it is returned, for the command to go
 * through it (or refuse).
 */
export async function acquireWriterLock(stateDir: string, contentDir: string, options: WriterLockOptions = {}): Promise<WriterLock> {
  const waitMs = options.waitMs ?? lockWaitMs()
  const deadline = Date.now() + waitMs
  const info: ServerInfo = {
    pid: process.pid, kind: 'cli', port: null, host: null, url: null, token: null, content_dir: contentDir, started_at: new Date().toISOString(),
    process_start: ownProcessStart(),
  }
  let waited = false
  for (;;) {
    const lock = await acquireLock(stateDir, info)
    if (lock.ok) return { ok: true, release: () => releaseLock(stateDir) }
    const holder = lock.holder
    // A server that has its URL can take the command; one still starting, or exiting, is waited for like a CLI writer.
    if (holder.kind !== 'cli' && holder.url && holder.token && !lock.exiting) return { ok: false, server: holder }
    if (Date.now() > deadline) throw new LockBusyError(holder, contentDir, waitMs)
    if (!waited) options.onWait?.(holder)
    waited = true
    await sleep(10 + Math.random() * 40)
  }
}

/** Another process kept the one-writer lock for longer than we were willing to wait. */
export class LockBusyError extends Error {
  override name = 'LockBusyError'
  readonly holder: ServerInfo
  constructor(holder: ServerInfo, contentDir: string, waitMs: number) {
    const who = holder.kind === 'cli' ? `another cms command (pid ${holder.pid})` : `a cms server (pid ${holder.pid}) that is still starting`
    super(`Could not write to ${contentDir}: ${who} has been writing to it for more than ${Math.round(waitMs / 1000)} s. ` +
      'Try again once it has finished (set CMS_LOCK_WAIT_MS to wait longer).')
    this.holder = holder
  }
}

export function lockWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CMS_LOCK_WAIT_MS)
  return env.CMS_LOCK_WAIT_MS !== undefined && env.CMS_LOCK_WAIT_MS.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : 30_000
}

async function createExclusive(path: string, text: string): Promise<boolean> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  try {
    // Inside the try: a write that fails (a full disk) has already created the file, empty.
    await writeFile(tmp, text, { mode: 0o600 })
    await link(tmp, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return false
  } finally {
    await rm(tmp, { force: true })
  }
}

function parseHolder(text: string): ServerInfo | null {
  try {
    const value = JSON.parse(text) as ServerInfo
    return Number.isInteger(value?.pid) ? value : null
  } catch {
    return null
  }
}

/** A lock file that does not parse (written by hand, or by an older version killed mid-write) is stale after a few seconds. */
async function isOld(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null)
  return info === null || Date.now() - info.mtimeMs > 5_000
}

/** Rewrites the lock we hold (the server's URL once it listens), in one step: readers never see it half written. */
export async function updateLock(stateDir: string, info: ServerInfo): Promise<void> {
  // writeFileAtomic removes its temp file when the write fails (a full disk leaves nothing behind).
  await writeFileAtomic(serverInfoPath(stateDir), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 })
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
  return isSameProcess(info.pid, info.process_start ?? null)
}

/** Whether `pid` is running and, when its identity was recorded, is still that process. */
function isSameProcess(pid: number, start: string | null): boolean {
  if (!isAlive(pid)) return false
  if (!start) return true
  const now = processStart(pid)
  return now === null || now === start
}

/** A server started by a `cms serve` that is gone: it stops itself at once (serve-flags.ts), if not already stopped. */
function isExiting(info: ServerInfo): boolean {
  return !!info.parent && !isSameProcess(info.parent.pid, info.parent.process_start)
}

