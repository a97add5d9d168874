import { execFileSync } from 'node:child_process'

/**
 * Whether this process may mount a tmpfs (Linux, root), tried once on a scratch folder with the
 * given options (`nr_inodes` needs a kernel that takes it): the full-disk tests run on a real
 * small disk when it can, and are skipped otherwise.
 */
export function canMountTmpfs(options = 'size=64k'): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  let dir = ''
  try {
    dir = execFileSync('mktemp', ['-d'], { encoding: 'utf8' }).trim()
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' })
    execFileSync('umount', [dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    if (dir) execFileSync('rmdir', [dir], { stdio: 'ignore' })
  }
}
