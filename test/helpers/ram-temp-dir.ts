import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { isAlive } from '../../src/core/process-identity.ts'

/** Where Linux keeps a RAM disk (tmpfs) that every user may write to. */
const RAM_DISK = '/dev/shm'

/**
 * Points TMPDIR at a folder of this run on the RAM disk, when there is one, and removes the folder
 * when the run ends. The suite writes tens of thousands of files (imports, git repos, copies of the
 * demo content); on the disk, the file system's journal and write-back made the whole run slower
 * (docs/benchmarks.md, "Suite speed: temp files in RAM"). The files are as real: same calls, same renames, same
 * watcher events; only fsync has nothing to flush. The full-disk tests mount their own tmpfs.
 * An explicit CMS_TEST_TMPDIR wins, and `CMS_TEST_TMPDIR=` (empty) keeps the system's default.
 */
export function useRamTempDir(): void {
  const chosen = process.env.CMS_TEST_TMPDIR
  // vitest evaluates its config more than once in a run: one folder per run.
  if (chosen === '' || process.env.CMS_TEST_RUN_TMPDIR) return
  const base = chosen ?? RAM_DISK
  let dir: string
  try {
    removeAbandoned(base)
    dir = mkdtempSync(join(base, `cms-test-run-${process.pid}-`))
    // Like /tmp: others may enter (nginx's workers run as nobody) and no one removes another's files.
    chmodSync(dir, 0o1777)
  } catch {
    return
  }
  process.env.TMPDIR = dir
  process.env.CMS_TEST_RUN_TMPDIR = dir
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
}

/** Folders of runs that were killed before they could remove theirs (their process is gone): RAM is not freed otherwise. */
function removeAbandoned(base: string): void {
  for (const name of readdirSync(base)) {
    const pid = /^cms-test-run-(\d+)-/.exec(name)?.[1]
    if (pid && !isAlive(Number(pid))) rmSync(join(base, name), { recursive: true, force: true })
  }
}
