import { readFile, readdir, stat } from 'node:fs/promises'
import { MAX_FILE_BYTES } from '../core/limits.ts'
import { existsSync, readdirSync, watch as fsWatch, type FSWatcher } from 'node:fs'
import { READ_NOFOLLOW, escapeReason, isSymlink } from './contained.ts'
import { watch } from 'chokidar'
import { classifyPath, TEMP_MARK, type PathKind } from './paths.ts'
import { parseChecked, mapLimit, joinRel, tooLarge } from './read-files.ts'
import { ingestAsset, ingestCollection, ingestEntry, ingestProject, ingestTokens, ingestWebhook, type Ingested } from './ingest.ts'
import { fileProblem } from './problems.ts'
import { shareUnchangedSnapshot } from './load.ts'
import type { FileIngestion } from './file-ingestion.ts'
import { join, relative, sep } from 'node:path'

export interface WatcherOptions {
  /** Quiet period before a batch of events is applied. @default 40 */
  debounceMs?: number
  /** Called after each applied batch (tests wait on it). */
  onBatch?: (applied: number) => void
}

export interface ContentWatcher {
  /** Resolves once the initial scan is done and events are flowing. */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * Applies external changes (hand edits, `git pull`, a branch switch) to the index in
 * batches. The echo of a file we wrote ourselves is recognised by that write's identity (inode,
 * size, mtime) and skipped once; never by content, so bytes we wrote long ago that come back
 * (a branch switch, `git restore`) are applied like any external change.
 *
 * chokidar watches the small, human-edited part of the tree (project.yaml, tokens.yaml,
 * collections/, webhooks/, assets/*.yaml). The entry folders, which hold one file per entry
 * and can hold 100k, are watched with one native `fs.watch` per folder instead: chokidar
 * re-reads and re-stats a whole folder on every change in it and puts a watch on every file,
 * which made each write O(folder size) (docs/benchmarks.md, "Measurements behind the code").
 * inotify names the changed file, so an event costs O(1) here.
 */
export function watchContent(ingestion: FileIngestion, options: WatcherOptions = {}): ContentWatcher {
  const root = ingestion.layout.root
  const entriesDir = ingestion.layout.entriesDir
  const debounceMs = options.debounceMs ?? 40
  const dirty = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let closed = false

  // A fixed window, not a sliding one: a steady stream of events must not postpone the batch forever.
  const schedule = (path: string) => {
    if (closed) return
    dirty.add(path)
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      const batch = [...dirty]
      dirty.clear()
      running = running.then(() => applyBatch(ingestion, batch)).then((n) => options.onBatch?.(n), (error) => {
        console.error('[cms] watcher batch failed:', error)
      })
    }, debounceMs)
  }

  const ignored = (path: string) => {
    const parts = relative(root, path).split(sep)
    if (parts.some((part) => part.includes(TEMP_MARK) || (part.startsWith('.') && part.length > 1))) return true
    // entries/<slug>/ are watched natively below; versions are read on demand; asset bytes are never parsed.
    return (parts[0] === 'entries' && parts.length > 1) || parts[0] === 'versions' || (parts[0] === 'assets' && parts.length > 1 && !parts[1]!.endsWith('.yaml'))
  }
  const watcher = watch(root, { ignoreInitial: true, followSymlinks: false, depth: 1, ignored })
  // git replaces a file by unlinking it and creating it again. Under load a `git restore` of a
  // collection file was once left unapplied for good (own-writes test), as if the add after the
  // unlink was never reported: looking at an unlinked path once more, a little later, costs one
  // stat and makes that case converge.
  const recheck = (path: string) => { setTimeout(() => schedule(path), 300).unref() }
  watcher.on('add', schedule).on('change', schedule).on('unlink', (path) => { schedule(path); recheck(path) })
  watcher.on('addDir', (path) => { if (path === entriesDir) watchEntries() })
  watcher.on('error', (error) => console.error('[cms] watcher error:', error))

  const folders = new Map<string, FSWatcher>()
  const watchFolder = (dir: string, onName: (name: string) => void): boolean => {
    if (folders.has(dir)) return true
    try {
      const w = fsWatch(dir, { persistent: true }, (_type, name) => {
        if (name === null) return rescan(dir)
        onName(name.toString())
      })
      w.on('error', () => unwatchFolder(dir))
      folders.set(dir, w)
      return true
    } catch {
      return false
    }
  }
  const unwatchFolder = (dir: string) => {
    folders.get(dir)?.close()
    folders.delete(dir)
  }
  // Files can land in a new folder before its watch is up (git checkout): list it once.
  const rescan = (dir: string) => {
    readdir(dir).then((names) => { for (const name of names) if (!name.includes(TEMP_MARK)) schedule(join(dir, name)) }, () => {})
  }
  const watchCollectionFolder = (dir: string) =>
    watchFolder(dir, (name) => { if (!name.includes(TEMP_MARK)) schedule(join(dir, name)) })
  const watchEntries = () => {
    watchFolder(entriesDir, (name) => {
      const dir = join(entriesDir, name)
      if (existsSync(dir) && !isSymlink(dir)) {
        if (!folders.has(dir) && watchCollectionFolder(dir)) rescan(dir)
      } else {
        unwatchFolder(dir)
        schedule(dir)
      }
    })
    for (const name of safeReaddir(entriesDir)) if (!isSymlink(join(entriesDir, name))) watchCollectionFolder(join(entriesDir, name))
  }
  if (existsSync(entriesDir)) watchEntries()

  // chokidar reports nothing for a file replaced (renamed over, as editors save) a few ms after
  // its previous change: a hand edit right after an API write was lost about one run in two
  // (own-writes test). inotify names every changed file, so a native watch on the small,
  // human-edited folders is added as well; a path seen twice is read once per batch, and the
  // echo of our own writes is recognised either way.
  const HUMAN_FOLDERS = ['collections', 'webhooks', 'assets']
  const watchHumanFolder = (dir: string) =>
    watchFolder(dir, (name) => { const path = join(dir, name); if (!ignored(path)) schedule(path) })
  watchFolder(root, (name) => {
    const path = join(root, name)
    if (HUMAN_FOLDERS.includes(name)) {
      if (existsSync(path) && !isSymlink(path)) { if (!folders.has(path) && watchHumanFolder(path)) rescan(path) }
      else unwatchFolder(path)
      return
    }
    if (name !== 'entries' && name !== 'versions' && !ignored(path)) schedule(path)
  })
  for (const name of HUMAN_FOLDERS) {
    const dir = join(root, name)
    if (existsSync(dir) && !isSymlink(dir)) watchHumanFolder(dir)
  }

  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
  return {
    ready,
    async close() {
      closed = true
      clearTimeout(timer)
      for (const dir of [...folders.keys()]) unwatchFolder(dir)
      await watcher.close()
      await running
    },
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

/** A file over MAX_FILE_BYTES: reported, never read, and the last good state kept. */
const TOO_LARGE = '\u0000too-large'

/** Applies one batch; returns how many index changes it made. */
export async function applyBatch(ingestion: FileIngestion, allPaths: string[]): Promise<number> {
  const root = ingestion.layout.root
  // The echo of our own writes is most of what a busy server sees: one stat, no read.
  const paths = allPaths.filter((path) => !ingestion.consumeOwnWrite(path))
  const marks = paths.map((path) => ingestion.writeMark(path))
  const texts = await mapLimit(paths, 32, async (path) => {
    // Uploaded asset bytes are never parsed here, and may be hundreds of MB: don't read them.
    if (classifyPath(root, path).kind === 'asset-file') return null
    try {
      // Links and paths through linked folders are never followed (read as absent).
      if (escapeReason(root, path) !== null) return null
      const size = (await stat(path)).size
      if (size > MAX_FILE_BYTES) {
        ingestion.reportProblem(tooLarge(joinRel(relative(root, path)), size))
        return TOO_LARGE
      }
      return await readFile(path, { encoding: 'utf8', flag: READ_NOFOLLOW })
    } catch {
      return null
    }
  })
  // Collections first, so entries of a collection created in the same batch find it.
  const order = (kind: PathKind['kind']) => (kind === 'project' ? 0 : kind === 'collection' ? 1 : 2)
  const items = paths.map((path, i) => ({ path, text: texts[i] ?? null, what: classifyPath(root, path), mark: marks[i]! }))
    // The store wrote the file while it was read: that write is newer than the text (its own echo follows).
    .filter(({ path, mark }) => mark !== -1 && ingestion.writeMark(path) === mark)
    .sort((a, b) => order(a.what.kind) - order(b.what.kind))
  let applied = 0
  for (const { path, text, what } of items) {
    if (text === TOO_LARGE) continue
    const rel = joinRel(relative(root, path))
    if (applyOne(ingestion, rel, what, text)) applied++
  }
  // A removed folder (e.g. a collection's entries dir) reports only the folder: reconcile.
  for (const { path, text, what } of items) {
    if (what.kind === 'unknown' && text === null && !existsSync(path)) applied += reconcileRemovedDir(ingestion, path)
  }
  return applied
}

/**
 * One changed file into the index: parsed, checked and named by the same functions as the
 * start-up load and `cms validate` (ingest.ts), then handed to the store's ingestion
 * (file-ingestion.ts), which alone changes the index. A broken file keeps the last good record and is reported.
 */
function applyOne(ingestion: FileIngestion, rel: string, what: PathKind, text: string | null): boolean {
  const ingested = <T>(result: Ingested<T>): T | undefined => {
    if (!result.ok) { ingestion.reportProblem(result.problems[0]); return undefined }
    ingestion.clearProblem(rel)
    return result.record
  }
  switch (what.kind) {
    case 'entry': {
      if (text === null) {
        ingestion.clearProblem(rel)
        return ingestion.applyFileEntry(what.slug, what.uuid, null)
      }
      const entry = ingested(ingestEntry(parseChecked(text, rel, 'entry'), rel, what, ingestion.collections.has(what.slug)))
      if (!entry) {
        // The file changed outside the store: its index record is no longer cacheable as is.
        ingestion.forgetFileStamp(what.slug, what.uuid)
        return false
      }
      shareUnchangedSnapshot(entry, text)
      return ingestion.applyFileEntry(what.slug, what.uuid, entry)
    }
    case 'collection': {
      if (text === null) {
        ingestion.clearProblem(rel)
        return ingestion.applyFileCollection(what.slug, null)
      }
      const order = ingestion.collections.get(what.slug)?.collection.order ?? ingestion.collections.size
      const collection = ingested(ingestCollection(parseChecked(text, rel, 'collection'), rel, what, order))
      return collection ? ingestion.applyFileCollection(what.slug, collection) : false
    }
    case 'project': {
      if (text === null) { ingestion.reportProblem(fileProblem('project_removed', rel, [])); return false }
      const project = ingested(ingestProject(parseChecked(text, rel, 'project')))
      return project ? ingestion.applyFileProject(project) : false
    }
    case 'tokens': {
      if (text === null) return ingestion.applyFileTokens(null)
      const tokens = ingested(ingestTokens(parseChecked(text, rel, 'tokens')))
      return tokens ? ingestion.applyFileTokens(tokens) : false
    }
    case 'webhook': {
      if (text === null) return ingestion.applyFileWebhook(what.uuid, null)
      const webhook = ingested(ingestWebhook(parseChecked(text, rel, 'webhook'), rel, what))
      return webhook ? ingestion.applyFileWebhook(what.uuid, webhook) : false
    }
    case 'asset-meta': {
      if (text === null) return ingestion.applyFileAsset(what.uuid, null)
      const asset = ingested(ingestAsset(parseChecked(text, rel, 'asset'), rel, what))
      return asset ? ingestion.applyFileAsset(what.uuid, asset) : false
    }
    default:
      return false
  }
}

function reconcileRemovedDir(ingestion: FileIngestion, path: string): number {
  const rel = relative(ingestion.layout.root, path).split(sep)
  if (rel[0] !== 'entries' || rel.length !== 2) return 0
  return ingestion.applyRemovedEntriesDir(rel[1]!)
}
