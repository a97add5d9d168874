import { constants, lstatSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { CmsError } from '../core/errors.ts'

/**
 * Nothing escapes the content root. Paths are built from checked ids, but a hand-written file
 * (an asset's `filename: ../../etc/passwd`) or a symbolic link in the tree (a linked
 * `entries/<slug>` folder, a linked asset file) could still lead outside. So every path the
 * store reads or writes is checked here: it must lie under the root, and no folder between
 * the root and it may be a symbolic link (its real path is the root's real path plus the
 * same relative path). Files themselves are opened with O_NOFOLLOW, and renames replace a
 * link rather than follow it.
 */

/** Open flag for reads: a symbolic link as the last component fails with ELOOP. */
export const READ_NOFOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)

const realRoots = new Map<string, string>()

function realRoot(root: string): string {
  let real = realRoots.get(root)
  if (real === undefined) {
    real = realpathSync.native(root)
    realRoots.set(root, real)
  }
  return real
}

/** `rel` when `path` lies under `root` (never `..`, never another drive), else null. */
export function relativeInside(root: string, path: string): string | null {
  const rel = relative(root, path)
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null
  return rel
}

/** Why `path` may not be used (outside the root, or a linked folder on the way), or null. */
export function escapeReason(root: string, path: string): string | null {
  const rel = relativeInside(root, path)
  if (rel === null) return 'it is outside the content folder'
  // The nearest folder that exists must resolve to itself under the real root.
  let dir = dirname(path)
  for (;;) {
    let real: string
    try {
      real = realpathSync.native(dir)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return `it cannot be resolved (${code})`
      if (dir === root || relativeInside(root, dir) === null) return null
      dir = dirname(dir)
      continue
    }
    const expected = dir === root ? realRoot(root) : join(realRoot(root), relative(root, dir))
    if (real !== expected) return `${displayRel(root, dir)} is a symbolic link`
    return null
  }
}

/** Throws a clear error unless `path` is safely inside `root` (see the module comment). */
export function assertContained(root: string, path: string, action: 'read' | 'write'): void {
  const reason = escapeReason(root, path)
  if (reason === null) return
  throw new CmsError('conflict', `Refused to ${action} ${displayRel(root, path)}: ${reason}. Content must stay inside the content folder; symbolic links are not followed.`)
}

/** Whether `path` itself is a symbolic link (false when it does not exist). */
export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

function displayRel(root: string, path: string): string {
  const rel = relative(root, path)
  return rel.startsWith('..') || isAbsolute(rel) ? 'a path' : rel.split(sep).join('/')
}
