import * as fs from 'node:fs'
import { dirname } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { CmsError } from '../core/errors.ts'
import { isAlive } from '../core/process-identity.ts'

/**
 * Runs `fn` while holding an exclusive lock file (created with O_EXCL, holding our pid), so
 * read-modify-write cycles on one file from several processes do not lose each other's
 * changes. A lock whose holder is no longer running is taken over.
 */
export async function withFileLock<T>(path: string, what: string, fn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  fs.mkdirSync(dirname(path), { recursive: true })
  // Waiting is bounded per holder, not in total: a queue of commands taking turns always
  // progresses, however long it is; only one holder keeping the lock for `timeoutMs` gives up.
  let holder: string | null = null
  let since = Date.now()
  for (;;) {
    try {
      fs.writeFileSync(path, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (holderIsGone(path)) {
        fs.rmSync(path, { force: true })
        continue
      }
      const current = readHolder(path)
      if (current !== holder) {
        holder = current
        since = Date.now()
      } else if (Date.now() - since > timeoutMs) {
        throw new CmsError('conflict', `Cannot change ${what}: another cms command (pid ${holder ?? 'unknown'}) has held its lock for ${Math.round(timeoutMs / 1000)} s. Try again when it is done; if no cms command is running, remove ${path}.`)
      }
      await sleep(5 + Math.random() * 20)
    }
  }
  try {
    return await fn()
  } finally {
    fs.rmSync(path, { force: true })
  }
}

function readHolder(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

function holderIsGone(path: string): boolean {
  let pid: number
  try {
    pid = Number(fs.readFileSync(path, 'utf8'))
  } catch {
    return false // released between our open and this read: just try again
  }
  if (!Number.isInteger(pid) || pid <= 0) return isOld(path)
  // A zombie holder (killed, not yet collected by its parent) counts as gone.
  return !isAlive(pid)
}

/** A lock file without a pid (written by a process killed mid-write) is stale after a few seconds. */
function isOld(path: string): boolean {
  try {
    return Date.now() - fs.statSync(path).mtimeMs > 5_000
  } catch {
    return false
  }
}
