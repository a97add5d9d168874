import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isSlug, isUuid } from '../core/ids.ts'
import { storageFailure } from '../core/errors.ts'
import { syncDir } from './atomic.ts'
import { assertContained } from './contained.ts'
import type { Layout } from './paths.ts'

/**
 * Removing an entry removes two things: its file and its versions folder. Neither order of two
 * plain removals survives a crash in between (an orphan versions folder that `cms validate`
 * reports, or an entry that lost its history), so the versions folder is first moved aside
 * into `versions/.removing/` (hidden: the watcher, validate and git never look there), then
 * the entry file is removed — the one step that decides — and then the folder set aside.
 * The next writer to open the tree finishes what a crash interrupted (`finishEntryRemovals`):
 * a folder whose entry is gone is removed, one whose entry is still there is put back.
 */
export const removingDir = (layout: Layout): string => join(layout.versionsDir, '.removing')
const asideOf = (layout: Layout, slug: string, uuid: string): string => join(removingDir(layout), `${slug}.${uuid}`)

/** Moves an entry's versions folder aside, durably. Returns where it went, or null when it had none. */
export async function setVersionsAside(layout: Layout, slug: string, uuid: string): Promise<string | null> {
  const from = layout.versionDir(slug, uuid)
  const to = asideOf(layout, slug, uuid)
  assertContained(layout.root, to, 'write')
  // Already aside when an earlier failed removal of this entry could not put it back.
  if (!(await present(from))) return (await present(to)) ? to : null
  try {
    await mkdir(removingDir(layout), { recursive: true })
    await rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await present(from))) return null
    throw storageFailure(error)
  }
  await syncDir(join(layout.versionsDir, slug))
  await syncDir(removingDir(layout))
  return to
}

const present = (path: string): Promise<boolean> => lstat(path).then(() => true, () => false)

/**
 * Puts a folder set aside back (the entry's removal failed, or a stop came before it), under
 * the collection the entry is in now (`to`: a collection renamed since moved its entries).
 */
export async function putVersionsBack(layout: Layout, slug: string, uuid: string, to = slug): Promise<void> {
  await mkdir(join(layout.versionsDir, to), { recursive: true })
  await rename(asideOf(layout, slug, uuid), layout.versionDir(to, uuid))
  await syncDir(join(layout.versionsDir, to))
}

export async function dropVersionsAside(layout: Layout, aside: string): Promise<void> {
  await rm(aside, { recursive: true, force: true })
  await syncDir(removingDir(layout))
}

/**
 * Finishes the entry removals a stop interrupted: for each folder set aside, whether its entry
 * still exists decides (`entryIn`: the collection it is in now, or null). Returns how many
 * were finished and how many put back. One readdir when there are none.
 */
export async function finishEntryRemovals(layout: Layout, entryIn: (slug: string, uuid: string) => string | null): Promise<{ removed: number; restored: number }> {
  const names = await readdir(removingDir(layout)).catch(() => [] as string[])
  let removed = 0
  let restored = 0
  for (const name of names) {
    const dot = name.indexOf('.')
    const slug = name.slice(0, dot)
    const uuid = name.slice(dot + 1)
    // Anything else in there is not ours: left alone.
    if (dot <= 0 || !isSlug(slug) || !isUuid(uuid)) continue
    const now = entryIn(slug, uuid)
    if (now !== null) {
      // A versions folder the entry got since (written by hand) makes this fail: both kept, nothing removed.
      if (await putVersionsBack(layout, slug, uuid, now).then(() => true, () => false)) restored++
    } else {
      await dropVersionsAside(layout, join(removingDir(layout), name))
      removed++
    }
  }
  return { removed, restored }
}
