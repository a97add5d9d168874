import { join } from 'node:path'
import { removeStaleTempFiles } from './atomic.ts'
import { rm } from 'node:fs/promises'
import { listDir, mapLimit, parseChecked, readChecked, readCheckedSync, tooLarge } from './read-files.ts'
import { MAX_FILE_BYTES } from '../core/limits.ts'
import { TEMP_MARK } from './paths.ts'
import { closeSync, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs'
import { READ_NOFOLLOW, isSymlink } from './contained.ts'
import { readIndexCache } from './index-cache.ts'
import { checkHeapForLoad } from './heap.ts'
import type { FileStamp } from './atomic.ts'
import type { Layout } from './paths.ts'
import type { AssetRecord, Collection, EntryRecord, Project, TokenRecord, WebhookRecord } from '../core/types.ts'
import { fileProblem, type FileProblem } from './problems.ts'
import { ingestAsset, ingestCollection, ingestEntry, ingestProject, ingestTokens, ingestWebhook, type Ingested } from './ingest.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { CmsError } from '../core/errors.ts'

/** What the loader needs of the store: it fills the index only through these (the store's `load*` methods). */
export interface LoadTarget {
  readonly layout: Layout
  readonly collections: ReadonlyMap<string, unknown>
  reportProblem(problem: FileProblem): void
  loadProject(project: Project): void
  loadTokens(tokens: TokenRecord[]): void
  loadCollection(collection: Collection): void
  loadWebhook(webhook: WebhookRecord): void
  loadAsset(asset: AssetRecord): void
  loadEntry(slug: string, entry: EntryRecord, key: string, stamp: FileStamp): void
  loadFinished(freshlyLoaded: number): void
}

export interface LoadOptions {
  onProgress?: ((p: { loaded: number; total: number }) => void) | undefined
  indexCache?: boolean
  sweepVersions?: boolean
}

/**
 * Loads the whole content tree into the store's index. `project.yaml` must parse (nothing
 * can be served without it); any other broken file is reported and skipped.
 */
export async function loadTree(store: LoadTarget, options: LoadOptions = {}): Promise<void> {
  const { onProgress } = options
  const { layout } = store
  // versions/ holds one folder per published entry: sweeping it would cost a readdir each, so
  // that sweep runs after the index is up. entries/ is swept below while it is listed anyway.
  await removeStaleTempFiles(layout.root, ['entries', 'versions'])

  const projectRead = await readChecked(layout.project, 'project.yaml', 'project')
  if (!projectRead.ok && projectRead.missing) throw new CmsError('not_found', `No project found at ${layout.root} (project.yaml is missing). Run \`cms init\` or \`cms import\`, or pass --dir.`)
  const project = ingestProject(projectRead)
  if (!project.ok) {
    const p = project.problems[0]
    throw new CmsError('bad_request', `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
  }
  store.loadProject(project.record)

  const tokensRead = await readChecked(layout.tokens, 'tokens.yaml', 'tokens')
  if (tokensRead.ok || !tokensRead.missing) use(store, ingestTokens(tokensRead), (tokens) => store.loadTokens(tokens))

  // A linked folder would lead reads (and later writes) outside the tree: refused whole.
  const linked = new Set<string>()
  for (const [dir, rel] of [[layout.collectionsDir, 'collections'], [layout.webhooksDir, 'webhooks'], [layout.assetsDir, 'assets'], [layout.entriesDir, 'entries'], [layout.versionsDir, 'versions']] as const) {
    if (!isSymlink(dir)) continue
    linked.add(dir)
    store.reportProblem(fileProblem('symlink', rel, []))
  }
  const ownDir = (dir: string) => (linked.has(dir) ? Promise.resolve([]) : listDir(dir))

  const collectionFiles = (await ownDir(layout.collectionsDir)).filter((n) => n.endsWith('.yaml')).sort()
  for (const [i, name] of collectionFiles.entries()) {
    const rel = `collections/${name}`
    const r = await readChecked(join(layout.collectionsDir, name), rel, 'collection')
    use(store, ingestCollection(r, rel, { slug: name.slice(0, -5) }, i), (collection) => store.loadCollection(collection))
  }

  if (!linked.has(layout.webhooksDir)) await loadSimple(store, layout.webhooksDir, 'webhooks', 'webhook', (r, rel, uuid) => use(store, ingestWebhook(r, rel, { uuid }), (w) => store.loadWebhook(w)))
  if (!linked.has(layout.assetsDir)) await loadSimple(store, layout.assetsDir, 'assets', 'asset', (r, rel, uuid) => use(store, ingestAsset(r, rel, { uuid }), (a) => store.loadAsset(a)))

  // Entries: list every collection's folder first so progress has a total, then read in parallel.
  const jobs: Array<{ slug: string; name: string }> = []
  for (const slug of await ownDir(layout.entriesDir)) {
    if (!isSlug(slug)) continue
    if (isSymlink(join(layout.entriesDir, slug))) {
      store.reportProblem(fileProblem('symlink', `entries/${slug}`, []))
      continue
    }
    for (const name of await listDir(join(layout.entriesDir, slug))) {
      if (name.includes(TEMP_MARK)) await rm(join(layout.entriesDir, slug, name), { force: true })
      else if (name.endsWith('.json') && isUuid(name.slice(0, -5))) jobs.push({ slug, name })
    }
  }
  let loaded = 0
  let fresh = 0
  const step = Math.max(1, Math.floor(jobs.length / 20))
  const cache = options.indexCache ? readIndexCache(layout.stateDir, layout.root) : null
  // Synchronous reads: at startup nothing else waits on the event loop, and for many small
  // files they are several times faster than promise-based reads through the thread pool.
  for (const { slug, name } of jobs) {
    const rel = `entries/${slug}/${name}`
    const path = join(layout.entriesDir, slug, name)
    const key = `${slug}/${name}`
    const row = cache?.get(key)
    const hasCollection = store.collections.has(slug)
    // Stamp before reading: a change after this point gives a newer stamp, never a stale row.
    // With a cached row a stat is enough; without one, open + fstat + read on one descriptor.
    let stamp: FileStamp
    let text: string | undefined
    try {
      if (row) {
        const st = lstatSync(path)
        if (!st.isFile()) throw new Error('not a plain file')
        stamp = { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino }
      } else {
        const fd = openSync(path, READ_NOFOLLOW)
        try {
          const st = fstatSync(fd)
          stamp = { mtimeMs: st.mtimeMs, size: st.size, ino: st.ino }
          // Over the limit: report it without reading (an empty text never reaches parseChecked).
          text = st.size > MAX_FILE_BYTES ? '' : readFileSync(fd, 'utf8')
        } finally {
          closeSync(fd)
        }
      }
    } catch (error) {
      // Gone since the listing: nothing to say. A link (ELOOP under O_NOFOLLOW) is refused.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') store.reportProblem(fileProblem('symlink', rel, []))
      continue
    }
    loaded++
    if (loaded % HEAP_CHECK_EVERY === 0) checkHeapForLoad(loaded, jobs.length)
    if (row && hasCollection && row.mtimeMs === stamp.mtimeMs && row.size === stamp.size && row.ino === stamp.ino) {
      store.loadEntry(slug, row.entry, key, stamp)
      if (onProgress && (loaded % step === 0 || loaded === jobs.length)) onProgress({ loaded, total: jobs.length })
      continue
    }
    fresh++
    const r = text === undefined ? readCheckedSync(path, rel, 'entry') : stamp.size > MAX_FILE_BYTES ? { ok: false as const, problem: tooLarge(rel, stamp.size) } : parseChecked(text, rel, 'entry')
    if (onProgress && (loaded % step === 0 || loaded === jobs.length)) {
      onProgress({ loaded, total: jobs.length })
      await new Promise((resolve) => setImmediate(resolve))
    }
    use(store, ingestEntry(r, rel, { slug, uuid: name.slice(0, -5) }, hasCollection), (entry) => {
      shareUnchangedSnapshot(entry, r.ok ? r.text : undefined)
      store.loadEntry(slug, entry, key, stamp)
    })
  }
  store.loadFinished(fresh)
  if (options.sweepVersions) removeStaleTempFiles(layout.versionsDir).catch(() => {})
}

/** Entries between two looks at the heap (a look costs a few µs). */
const HEAP_CHECK_EVERY = 512

/** An ingested file into the index, or its first problem reported. */
function use<T>(store: LoadTarget, ingested: Ingested<T>, add: (record: T) => void): void {
  if (ingested.ok) add(ingested.record)
  else store.reportProblem(ingested.problems[0])
}

async function loadSimple(
  store: LoadTarget,
  dir: string,
  relDir: string,
  kind: 'webhook' | 'asset',
  add: (read: Awaited<ReturnType<typeof readChecked>>, rel: string, uuid: string) => void,
): Promise<void> {
  const names = (await listDir(dir)).filter((n) => n.endsWith('.yaml') && isUuid(n.slice(0, -5)))
  await mapLimit(names, 32, async (name) => {
    const rel = `${relDir}/${name}`
    add(await readChecked(join(dir, name), rel, kind), rel, name.slice(0, -5))
  })
}

/**
 * Most published entries have no pending draft: let both sides point at one object so the
 * index holds the values once (a large part of RSS at 100k entries).
 */
export function shareUnchangedSnapshot(entry: { fields: Record<string, unknown>; published: Record<string, unknown> | null }, text?: string): void {
  if (!entry.published) return
  // In a canonical file both blocks are printed the same way: comparing the text is a memcmp.
  if (text !== undefined) {
    const f = text.indexOf('\n  "fields": ')
    const p = text.indexOf('\n  "published": ')
    if (f !== -1 && p > f) {
      const fieldsText = text.slice(f + 13, text.lastIndexOf(',', p))
      const publishedText = text.slice(p + 16, text.lastIndexOf('}'))
      if (fieldsText.trimEnd() === publishedText.trimEnd()) entry.published = entry.fields
      return
    }
  }
  if (JSON.stringify(entry.published) === JSON.stringify(entry.fields)) entry.published = entry.fields
}
