import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { ContentReader } from '../reader/index.ts'
import { bodyEtag } from '../core/body-etag.ts'

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
  const put = async (file: string, source: string): Promise<void> => {
    const body = reader.raw(source).body
    const path = join(out, file)
    // Slugs, locales and uuids are checked names, but a path never leaves the export folder.
    if (relative(out, path).startsWith('..') || path.includes(`${sep}..${sep}`)) throw new Error(`refusing to write outside ${outDir}: ${file}`)
    const dir = dirname(path)
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true })
      made.add(dir)
    }
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

  // Replaces a previous export only: never a folder holding anything else.
  const existing = await readdir(out).catch(() => [] as string[])
  if (existing.length > 0 && !existing.includes('manifest.json')) throw new ExportError(`${outDir} is not empty and holds no earlier export (manifest.json): choose an empty or new folder.`)
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
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
  options.onProgress?.(manifest.length)
  return { out, files: manifest.length, bytes, collections: collections.length, entries }
}

const WRITES_AT_ONCE = 32

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
