import { copyFile, lstat, mkdir, readFile, readdir, realpath, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { ContentReader } from '../reader/index.ts'
import { bodyEtag } from '../core/body-etag.ts'
import { exportMedia, type MediaExport } from './media-files.ts'

export interface ExportOptions {
  /** Also write `<slug>.<locale>.page-<n>.json` pages of this size (the `paginate=N` answers). */
  paginate?: number
  /** Called every so often with the number of files written. */
  onProgress?: (written: number) => void
}

interface ManifestFile {
  /** Path inside the export folder, with `/`. */
  file: string
  /** The API read it holds, as path and query. */
  source: string
  /** Strong ETag of the bytes, computed as the server computes its own (core/body-etag.ts). */
  etag: string
  bytes: number
}

export interface ExportSummary {
  out: string
  files: number
  bytes: number
  collections: number
  entries: number
  /** Images written as originals only: their derivatives could not be made (over the limits, damaged). */
  media_skipped?: string[]
}

/**
 * The published API as static files (`cms export`): every body is the reader's answer, which
 * is the server's answer byte for byte (reader/index.ts). Bulk work yields between files.
 */
export async function exportStatic(reader: ContentReader, outDir: string, options: ExportOptions = {}): Promise<ExportSummary> {
  const out = resolve(outDir)
  const manifest: ManifestFile[] = []
  let bytes = 0
  let entries = 0
  const made = new Set<string>()
  // Writes run a bounded number at a time: answers are computed in order (the event loop's
  // work), files land in parallel (the thread pool's).
  const inflight = new Set<Promise<void>>()
  let failure: unknown = null
  /** Where `file` goes: inside the export folder, not over a foreign file, in a real folder. */
  const placed = async (file: string): Promise<string> => {
    const path = join(out, file)
    // Slugs, locales and uuids are checked names, but a path never leaves the export folder.
    if (relative(out, path).startsWith('..') || path.includes(`${sep}..${sep}`)) throw new Error(`refusing to write outside ${outDir}: ${file}`)
    if (foreign.has(file)) throw new ExportError(`${join(outDir, file)} exists and was not written by cms export: move it away, or choose another folder.`)
    const dir = dirname(path)
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true })
      // A folder in the way that is a link (planted, or a site's) would take the files elsewhere.
      if (!(await isRealDir(out, dir))) throw new ExportError(`${join(outDir, relative(out, dir))} is a link, not a folder cms export made: move it away, or choose another folder.`)
      made.add(dir)
    }
    return path
  }
  let media: MediaExport | null = null
  const put = async (file: string, source: string): Promise<void> => {
    const raw = reader.raw(source).body
    const body = media ? media.rewrite(raw) : raw
    const path = await placed(file)
    const size = Buffer.byteLength(body)
    bytes += size
    manifest.push({ file, source, etag: bodyEtag(body), bytes: size })
    const write: Promise<void> = writeFile(path, body).catch((error: unknown) => { failure ??= error }).finally(() => inflight.delete(write))
    inflight.add(write)
    if (inflight.size >= WRITES_AT_ONCE) await Promise.race(inflight)
    if (failure) throw failure
    if (manifest.length % 1000 === 0) {
      options.onProgress?.(manifest.length)
      await new Promise((r) => setImmediate(r))
    }
  }

  // Replaces what an earlier export wrote, and only that (its marker lists it): never a folder
  // holding anything else, whatever its files are named (`manifest.json` is a common name).
  const earlier = await earlierExport(out, outDir)
  await mkdir(out, { recursive: true })
  await removeWritten(out, earlier)
  // While it runs, the marker names what is not ours (what the folder holds now): an export
  // that stops midway leaves a folder the next run still recognises, with one marker write.
  const foreign = new Set((await filesUnder(out)).filter((f) => f !== EXPORT_MARKER && f !== `${EXPORT_MARKER}.tmp`))
  if (foreign.has('manifest.json')) throw new ExportError(`${join(outDir, 'manifest.json')} exists and was not written by cms export: move it away, or choose another folder.`)
  await writeMarker(out, { incomplete: true, keep: [...foreign].sort() })
  // The assets' files first: the JSON written next points at them.
  media = await exportMedia(reader, async (file, from, etag, size) => {
    await copyFile(from, await placed(file))
    bytes += size
    manifest.push({ file, source: `/${file}`, etag, bytes: size })
  })
  const project = reader.project() as { locales: string[] }
  await put('index.json', '/')
  await put('collections.json', '/collections')
  const collections = reader.collections() as Array<{ slug: string; is_singleton: boolean }>
  for (const c of collections) {
    await put(`collections/${c.slug}.json`, `/collections/${c.slug}`)
    const uuids = new Set<string>()
    for (const locale of project.locales) {
      const query = `locale=${encodeURIComponent(locale)}`
      if (c.is_singleton) {
        // A singleton with no entry in a locale has no answer (404): no file.
        const one = tryRaw(reader, `/${c.slug}?${query}`)
        if (!one) continue
        await put(`${c.slug}.${locale}.json`, `/${c.slug}?${query}`)
        uuids.add((JSON.parse(one) as { uuid: string }).uuid)
        continue
      }
      await put(`${c.slug}.${locale}.json`, `/${c.slug}?${query}`)
      if (options.paginate) {
        const first = JSON.parse(reader.raw(`/${c.slug}?${query}&paginate=${options.paginate}`).body) as { meta: { last_page: number } }
        for (let page = 1; page <= first.meta.last_page; page++) {
          await put(`${c.slug}.${locale}.page-${page}.json`, `/${c.slug}?${query}&paginate=${options.paginate}&page=${page}`)
        }
      }
    }
    if (!c.is_singleton) for (const entry of JSON.parse(reader.raw(`/${c.slug}`).body) as Array<{ uuid: string }>) uuids.add(entry.uuid)
    for (const uuid of uuids) {
      await put(`${c.slug}/${uuid}.json`, `/${c.slug}/${uuid}`)
      entries++
    }
  }
  await Promise.all(inflight)
  if (failure) throw failure
  manifest.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify({ files: manifest }, null, 2)}\n`)
  // Finally the marker lists exactly this export's files.
  await writeMarker(out, { files: [...manifest.map((f) => f.file), 'manifest.json'].sort() })
  options.onProgress?.(manifest.length)
  return { out, files: manifest.length, bytes, collections: collections.length, entries, ...(media.skipped.length ? { media_skipped: media.skipped } : {}) }
}

const WRITES_AT_ONCE = 32

/** Our marker in an export folder: the files an export wrote, the only ones a later export removes or replaces. */
export const EXPORT_MARKER = '.cms-export.json'

/**
 * The files an earlier export wrote in `out` (empty for a missing or empty folder). Refuses a
 * folder holding anything without our marker, naming it: it may be a site's own folder.
 */
async function earlierExport(out: string, shown: string): Promise<Set<string>> {
  const names = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    if (error.code === 'ENOTDIR') throw new ExportError(`${shown} is a file, not a folder: choose a new or empty folder for --out.`)
    throw error
  })
  if (names.length === 0) return new Set()
  if (!names.includes(EXPORT_MARKER)) {
    throw new ExportError(`${shown} is not empty and holds no ${EXPORT_MARKER} (the marker cms export writes), so nothing in it was written by cms export: choose an empty or new folder. `
      + `If it is an export made before the marker existed, delete ${shown} yourself and export again.`)
  }
  let marker: { files?: unknown; keep?: unknown } | null
  try {
    marker = JSON.parse(await readFile(join(out, EXPORT_MARKER), 'utf8')) as { files?: unknown; keep?: unknown }
  } catch {
    marker = null
  }
  const list = (value: unknown): value is string[] => Array.isArray(value) && value.every((f) => typeof f === 'string' && inside(f))
  if (marker && list(marker.files)) return new Set(marker.files)
  // An export that stopped midway: everything but what it found there is its own.
  if (marker && list(marker.keep)) {
    const keep = new Set(marker.keep)
    return new Set((await filesUnder(out)).filter((f) => !keep.has(f) && f !== EXPORT_MARKER))
  }
  throw new ExportError(`${join(shown, EXPORT_MARKER)} is not a marker cms export wrote (unreadable, or naming files outside the folder): remove it, or choose another folder.`)
}

/** Every file (not folder) under `dir`, as paths with `/`; links are listed, never followed. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  for (const d of await readdir(dir, { withFileTypes: true })) {
    if (d.isDirectory()) out.push(...await filesUnder(join(dir, d.name), `${prefix}${d.name}/`))
    else out.push(`${prefix}${d.name}`)
  }
  return out
}

/** The marker, replaced whole (a half-written one would be refused, not trusted). */
async function writeMarker(out: string, body: { files: string[] } | { incomplete: true; keep: string[] }): Promise<void> {
  const file = join(out, EXPORT_MARKER)
  await writeFile(`${file}.tmp`, `${JSON.stringify({ generator: 'cms export', ...body }, null, 2)}\n`)
  await rename(`${file}.tmp`, file)
}

/** Whether `dir` (inside `out`) is reached without passing through a link. */
async function isRealDir(out: string, dir: string): Promise<boolean> {
  const [a, b] = await Promise.all([realpath(out).catch(() => null), realpath(dir).catch(() => null)])
  return a !== null && b !== null && b === join(a, relative(out, dir))
}

/** A relative path that stays in the export folder. */
const inside = (file: string): boolean => file !== '' && !isAbsolute(file) && !file.split(/[\\/]/).some((part) => part === '..' || part === '.' || part === '')

/** Removes the files an earlier export wrote (never a folder or a link's target), then its folders left empty. */
async function removeWritten(out: string, files: ReadonlySet<string>): Promise<void> {
  const dirs = new Set<string>()
  const real = new Map<string, boolean>()
  for (const file of files) {
    const path = join(out, file)
    const parent = dirname(path)
    if (!real.has(parent)) real.set(parent, await isRealDir(out, parent))
    if (!real.get(parent)) continue
    const info = await lstat(path).catch(() => null)
    if (info && !info.isDirectory()) await rm(path, { force: true })
    for (let dir = dirname(file); dir !== '.' && dir !== ''; dir = dirname(dir)) dirs.add(dir)
  }
  // Deepest first; a folder that holds something else stays.
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await rmdir(join(out, dir)).catch(() => {})
}

function tryRaw(reader: ContentReader, source: string): string | null {
  try {
    return reader.raw(source).body
  } catch {
    return null
  }
}

/** A problem with the user's request (exit 1), as opposed to a failure to run. */
export class ExportError extends Error {
  override name = 'ExportError'
}
