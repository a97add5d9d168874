import { opendirSync, readdirSync, type Dirent } from 'node:fs'
import { sep } from 'node:path'
import type { Collection } from '../core/types.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { classifyPath, TEMP_MARK, type PathKind } from '../storage/paths.ts'
import { FileChecker, type ChunkResult, type TreeFile } from './check-files.ts'
import { PHASE } from './scan.ts'

/**
 * The tree as `cms validate` reads it. The main thread lists the content root except the
 * inside of `entries/<slug>/` and `versions/<slug>/` (one folder per published entry:
 * 80k at 100k entries), whose names it hands out in shares; each share is then walked,
 * classified and checked on its own (in a worker thread on large trees), so the folder
 * reads run in parallel and no list of file objects crosses threads.
 */
export interface BulkShare {
  /** Names of the files directly inside each `entries/<slug>` folder. */
  entries: Array<{ dir: string; names: string[] }>
  /** Folders walked whole: `versions/<slug>/<uuid>`, and any folder inside `entries/<slug>` or `versions/<slug>`. */
  dirs: string[]
}

export interface TreeListing {
  /** Every other file (config, assets, and stray files anywhere), in load order. */
  files: TreeFile[]
  bulk: BulkShare
  /** Entry files and version folders in `bulk`. */
  size: number
}

const names = (dir: string, rel: string): Dirent[] => {
  try {
    return readdirSync(dir, { withFileTypes: true })
  } catch (error) {
    if (rel === '') throw error
    return []
  }
}

/** `names` for a folder of 100k files: unsorted, in large batches (half the time of readdirSync, which sorts). */
const manyNames = (dir: string): Dirent[] => {
  const out: Dirent[] = []
  try {
    const handle = opendirSync(dir, { bufferSize: 1024 })
    try {
      for (let item = handle.readSync(); item; item = handle.readSync()) out.push(item)
    } finally {
      handle.closeSync()
    }
  } catch {
    return []
  }
  return out
}

/** Lists the tree as `listTree` would (dot files and folders skipped), leaving the bulk folders to `checkShare`. */
export function listForValidate(root: string): TreeListing {
  const files: TreeFile[] = []
  const bulk: BulkShare = { entries: [], dirs: [] }
  let size = 0
  const walk = (dir: string, rel: string): void => {
    for (const item of names(dir, rel)) {
      if (item.name.startsWith('.')) continue
      const r = rel ? `${rel}/${item.name}` : item.name
      const abs = `${dir}${sep}${item.name}`
      if (item.isDirectory()) {
        if (rel === 'entries' || rel === 'versions') {
          const share = { dir: r, names: [] as string[] }
          for (const inner of manyNames(abs)) {
            if (inner.name.startsWith('.')) continue
            if (inner.isDirectory()) bulk.dirs.push(`${r}/${inner.name}`)
            else if (!inner.isFile()) continue
            else if (rel === 'entries') share.names.push(inner.name)
            else files.push({ rel: `${r}/${inner.name}`, abs: `${abs}${sep}${inner.name}`, where: classifyPath(sep, `${sep}${r}/${inner.name}`) })
          }
          if (share.names.length > 0) bulk.entries.push(share)
          size += share.names.length
        } else {
          walk(abs, r)
        }
      } else if (item.isFile()) {
        files.push({ rel: r, abs, where: classifyPath(sep, `${sep}${r}`) })
      }
    }
  }
  walk(root, '')
  size += bulk.dirs.length
  files.sort((a, b) => PHASE[a.where.kind] - PHASE[b.where.kind] || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  return { files, bulk, size }
}

/** `count` shares of about equal size, round robin. */
export function splitBulk(bulk: BulkShare, count: number): BulkShare[] {
  const shares: BulkShare[] = Array.from({ length: count }, () => ({ entries: [], dirs: [] }))
  for (const { dir, names: all } of bulk.entries) {
    const parts = shares.map((s) => {
      const part = { dir, names: [] as string[] }
      s.entries.push(part)
      return part.names
    })
    all.forEach((name, i) => parts[i % count]!.push(name))
  }
  bulk.dirs.forEach((dir, i) => shares[i % count]!.dirs.push(dir))
  return shares
}

/** Walks, classifies and checks one share (`classifyPath`'s answers, without its path arithmetic for the usual names). */
export function checkShare(root: string, share: BulkShare, collections: Collection[]): ChunkResult {
  const checker = new FileChecker(collections)
  const classify = (rel: string): PathKind => classifyPath(sep, `${sep}${rel}`)
  for (const { dir, names: list } of share.entries) {
    const slug = dir.slice('entries/'.length)
    const slugOk = isSlug(slug)
    for (const name of list) {
      const rel = `${dir}/${name}`
      const uuid = name.slice(0, -5)
      const where: PathKind = slugOk && !name.includes(TEMP_MARK) && name.endsWith('.json') && isUuid(uuid) ? { kind: 'entry', slug, uuid } : classify(rel)
      checker.check(rel, `${root}${sep}${rel}`, where)
    }
  }
  const walk = (rel: string): void => {
    const abs = `${root}${sep}${rel}`
    const parts = rel.split('/')
    const versionDir = parts.length === 3 && parts[0] === 'versions' && isSlug(parts[1]) && isUuid(parts[2])
    for (const item of names(abs, rel)) {
      if (item.name.startsWith('.')) continue
      const r = `${rel}/${item.name}`
      if (item.isDirectory()) walk(r)
      else if (item.isFile()) {
        const where: PathKind = versionDir && !item.name.includes(TEMP_MARK) && VERSION_FILE.test(item.name)
          ? { kind: 'version', slug: parts[1]!, uuid: parts[2]!, n: Number(item.name.slice(0, -5)) }
          : classify(r)
        checker.check(r, `${abs}${sep}${item.name}`, where)
      }
    }
  }
  for (const dir of share.dirs) walk(dir)
  return checker.out
}

const VERSION_FILE = /^[1-9]\d*\.json$/
