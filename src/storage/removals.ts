import { lstat, readdir, rename, rm } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { isSlug, isUuid } from '../core/ids.ts'
import { storageFailure } from '../core/errors.ts'
import { makeDirs, syncDir } from './atomic.ts'
import { assertContained } from './contained.ts'
import type { Layout } from './paths.ts'

/**
 * Removals of a record whose data lives in two places: an entry (its file and its versions
 * folder) and an asset with its bytes (its metadata file and its stored-file folder). Neither
 * order of two plain removals survives a crash in between (an orphan folder that `cms validate`
 * reports, or a record that lost its history or its file), so the folder is first moved aside
 * into a hidden `.removing/` beside it (the watcher, validate and git never look there), then
 * the record's file is removed — the one step that decides — and then the folder set aside.
 * The next writer to open the tree finishes what a crash interrupted (`finishRemovals`): a
 * folder whose record is gone is removed, one whose record is still there is put back.
 */
const entryRemovingDir = (layout: Layout): string => join(layout.versionsDir, '.removing')
const assetRemovingDir = (layout: Layout): string => join(layout.assetsDir, '.removing')
/** The set-aside folders relative to the content root (`git add` must leave them out: never content). */
export const setAsideFolders = (layout: Layout): string[] =>
  [entryRemovingDir(layout), assetRemovingDir(layout)].map((dir) => relative(layout.root, dir).split(sep).join('/'))
const entryAside = (layout: Layout, slug: string, uuid: string): string => join(entryRemovingDir(layout), `${slug}.${uuid}`)
const assetAside = (layout: Layout, uuid: string): string => join(assetRemovingDir(layout), uuid)

/** Moves an entry's versions folder aside, durably. Returns where it went, or null when it had none. */
export const setVersionsAside = (layout: Layout, slug: string, uuid: string): Promise<string | null> =>
  setAside(layout, layout.versionDir(slug, uuid), entryAside(layout, slug, uuid))

/** Moves an asset's stored-file folder aside, durably. Returns where it went, or null when it had none. */
export const setAssetFilesAside = (layout: Layout, uuid: string): Promise<string | null> =>
  setAside(layout, layout.assetDir(uuid), assetAside(layout, uuid))

/**
 * Puts a versions folder set aside back (the entry's removal failed, or a stop came before it),
 * under the collection the entry is in now (`to`: a collection renamed since moved its entries).
 */
export async function putVersionsBack(layout: Layout, slug: string, uuid: string, to = slug): Promise<void> {
  await makeDirs(join(layout.versionsDir, to))
  await putBack(entryAside(layout, slug, uuid), layout.versionDir(to, uuid))
}

export const putAssetFilesBack = (layout: Layout, uuid: string): Promise<void> => putBack(assetAside(layout, uuid), layout.assetDir(uuid))

/** Removes a folder set aside: the record it belonged to is gone. */
export async function dropAside(aside: string): Promise<void> {
  await rm(aside, { recursive: true, force: true })
  await syncDir(join(aside, '..'))
}

/**
 * Finishes the removals a stop interrupted: for each folder set aside, whether its record still
 * exists decides (`entryIn`: the collection the entry is in now, or null; `assetKept`: whether
 * the asset's metadata is still there). One readdir per kind when there are none.
 */
export async function finishRemovals(layout: Layout, entryIn: (slug: string, uuid: string) => string | null, assetKept: (uuid: string) => boolean): Promise<{ removed: number; restored: number }> {
  let removed = 0
  let restored = 0
  const settle = async (aside: string, keep: (() => Promise<void>) | null): Promise<void> => {
    // A folder the record got since (written by hand) makes the put-back fail: both kept, nothing removed.
    if (keep) restored += await keep().then(() => 1, () => 0)
    else {
      await dropAside(aside)
      removed++
    }
  }
  for (const name of await readdir(entryRemovingDir(layout)).catch(() => [] as string[])) {
    const dot = name.indexOf('.')
    const slug = name.slice(0, dot)
    const uuid = name.slice(dot + 1)
    // Anything else in there is not ours: left alone.
    if (dot <= 0 || !isSlug(slug) || !isUuid(uuid)) continue
    const now = entryIn(slug, uuid)
    await settle(join(entryRemovingDir(layout), name), now === null ? null : () => putVersionsBack(layout, slug, uuid, now))
  }
  for (const uuid of await readdir(assetRemovingDir(layout)).catch(() => [] as string[])) {
    if (!isUuid(uuid)) continue
    await settle(assetAside(layout, uuid), assetKept(uuid) ? () => putAssetFilesBack(layout, uuid) : null)
  }
  return { removed, restored }
}

async function setAside(layout: Layout, from: string, to: string): Promise<string | null> {
  assertContained(layout.root, to, 'write')
  // Already aside when an earlier failed removal of this record could not put it back.
  if (!(await present(from))) return (await present(to)) ? to : null
  try {
    await makeDirs(join(to, '..'))
    await rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(await present(from))) return null
    throw storageFailure(error)
  }
  await syncDir(join(from, '..'))
  await syncDir(join(to, '..'))
  return to
}

async function putBack(aside: string, to: string): Promise<void> {
  await rename(aside, to)
  await syncDir(join(to, '..'))
}

const present = (path: string): Promise<boolean> => lstat(path).then(() => true, () => false)
