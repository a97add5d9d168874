import { opendirSync, readdirSync, type Dirent } from 'node:fs'
import { sep } from 'node:path'
import type { Collection } from '../core/types.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { classifyPath, TEMP_MARK, type PathKind } from '../storage/paths.ts'
import { FileChecker, type ChunkResult, type EntryFacts, type TreeFile } from './check-files.ts'
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
  /** Symbolic links anywhere in the tree: never followed, each reported. */
  links: string[]
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
  const links: string[] = []
  let size = 0
  const walk = (dir: string, rel: string): void => {
    for (const item of names(dir, rel)) {
      if (item.name.startsWith('.')) continue
      const r = rel ? `${rel}/${item.name}` : item.name
      const abs = `${dir}${sep}${item.name}`
      if (item.isSymbolicLink()) {
        links.push(r)
      } else if (item.isDirectory()) {
        if (rel === 'entries' || rel === 'versions') {
          const share = { dir: r, names: [] as string[] }
          for (const inner of manyNames(abs)) {
            if (inner.name.startsWith('.')) continue
            if (inner.isSymbolicLink()) links.push(`${r}/${inner.name}`)
            else if (inner.isDirectory()) bulk.dirs.push(`${r}/${inner.name}`)
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
  return { files, bulk, size, links: links.sort() }
}

/**
 * `count` shares of about equal size, by uuid: `entries/<slug>/<uuid>.json` and the folder
 * `versions/<slug>/<uuid>` always fall in the same share, whatever the slug, so a share can
 * tell duplicate uuids and versions of no entry on its own.
 */
export function splitBulk(bulk: BulkShare, count: number): BulkShare[] {
  const shares: BulkShare[] = Array.from({ length: count }, () => ({ entries: [], dirs: [] }))
  for (const { dir, names: all } of bulk.entries) {
    const parts = shares.map((s) => {
      const part = { dir, names: [] as string[] }
      s.entries.push(part)
      return part.names
    })
    for (const name of all) parts[shareOf(name.endsWith('.json') ? name.slice(0, -5) : name, count)]!.push(name)
  }
  for (const dir of bulk.dirs) shares[shareOf(dir.slice(dir.lastIndexOf('/') + 1), count)]!.dirs.push(dir)
  return shares
}

/** A share for a uuid (or any name): a hash of its first characters, even for random uuids. */
function shareOf(name: string, count: number): number {
  let h = 0
  for (let i = 0; i < name.length && i < 8; i++) h = (h * 31 + name.charCodeAt(i)) | 0
  return (h >>> 0) % count
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
  return settle(checker)
}

/**
 * The checks that need every file of a uuid, which a share has (see `splitBulk`): entries
 * sorted by path, the first of each uuid kept and the others reported; versions of no entry;
 * whether each entry's published version has its file.
 */
function settle(checker: FileChecker): ChunkResult {
  const out = checker.out
  const byUuid = new Map<string, EntryFacts>()
  const kept: EntryFacts[] = []
  for (const e of out.entries.sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const seen = byUuid.get(e.uuid)
    if (seen) out.problems.push({ file: e.rel, rule: 'unique', message: `entry uuid also used by ${seen.rel}` })
    else { byUuid.set(e.uuid, e); kept.push(e) }
  }
  const versions = new Set<string>()
  for (const [slug, uuid, n, rel] of checker.versions) {
    versions.add(`${slug}/${uuid}/${n}`)
    const owner = byUuid.get(uuid)
    if (!owner || owner.slug !== slug) out.problems.push({ file: rel, rule: 'orphan-version', message: `version of an entry that does not exist (entries/${slug}/${uuid}.json is missing)` })
  }
  for (const e of kept) if (e.published_version !== null) e.published_file = versions.has(`${e.slug}/${e.uuid}/${e.published_version}`)
  out.entries = kept
  return out
}

const VERSION_FILE = /^[1-9]\d*\.json$/
