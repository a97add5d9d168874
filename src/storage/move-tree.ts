import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Moves folder `src` to `dst`: one rename when `dst` does not exist (atomic, whatever its
 * size), else a merge that moves what `dst` lacks and drops the rest (a rerun after a crash
 * finds both). Synchronous: callers move memory in the same stretch, so no event sees a
 * state between the two.
 */
export function moveTree(src: string, dst: string): void {
  if (!existsSync(src)) return
  if (!existsSync(dst)) {
    mkdirSync(dirname(dst), { recursive: true })
    renameSync(src, dst)
    return
  }
  for (const name of readdirSync(src)) {
    const from = join(src, name)
    const to = join(dst, name)
    if (!existsSync(to)) renameSync(from, to)
    else if (statSync(from).isDirectory() && statSync(to).isDirectory()) moveTree(from, to)
  }
  rmSync(src, { recursive: true, force: true })
}
