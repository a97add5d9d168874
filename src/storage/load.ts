import { join } from 'node:path'
import { removeStaleTempFiles } from './atomic.ts'
import { rm } from 'node:fs/promises'
import { listDir, mapLimit, parseChecked, readChecked, readCheckedSync, tooLarge } from './read-files.ts'
import { MAX_FILE_BYTES } from '../core/limits.ts'
import { TEMP_MARK } from './paths.ts'
import { closeSync, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs'
import { READ_NOFOLLOW, isSymlink } from './contained.ts'
import { readIndexCache } from './index-cache.ts'
import type { FileStamp } from './atomic.ts'
import { toAsset, toCollection, toEntry, toProject, toToken, toWebhook } from './records.ts'
import type { ContentStore, LoadProgress } from './store.ts'
import { isSlug, isUuid } from '../core/ids.ts'
import { CmsError } from '../core/errors.ts'

/**
 * Loads the whole content tree into the store's index. `project.yaml` must parse (nothing
 * can be served without it); any other broken file is reported and skipped.
 */
export interface LoadOptions {
  onProgress?: ((p: LoadProgress) => void) | undefined
  indexCache?: boolean
  sweepVersions?: boolean
}

export async function loadTree(store: ContentStore, options: LoadOptions = {}): Promise<void> {
  const { onProgress } = options
  const { layout } = store
  // versions/ holds one folder per published entry: sweeping it would cost a readdir each, so
  // that sweep runs after the index is up. entries/ is swept below while it is listed anyway.
  await removeStaleTempFiles(layout.root, ['entries', 'versions'])

  const project = await readChecked(layout.project, 'project.yaml', 'project')
  if (!project.ok) {
    if (project.missing) throw new CmsError('not_found', `No project found at ${layout.root} (project.yaml is missing). Run \`cms init\` or \`cms import\`, or pass --dir.`)
    const p = project.problem
    throw new CmsError('bad_request', `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
  }
  store.project = toProject(project.value)

  const tokens = await readChecked(layout.tokens, 'tokens.yaml', 'tokens')
  if (tokens.ok) store.tokens = (tokens.value.tokens as Record<string, unknown>[]).map(toToken)
  else if (!tokens.missing) store.reportProblem(tokens.problem)

  // A linked folder would lead reads (and later writes) outside the tree: refused whole.
  const linked = new Set<string>()
  for (const [dir, rel] of [[layout.collectionsDir, 'collections'], [layout.webhooksDir, 'webhooks'], [layout.assetsDir, 'assets'], [layout.entriesDir, 'entries'], [layout.versionsDir, 'versions']] as const) {
    if (!isSymlink(dir)) continue
    linked.add(dir)
    store.reportProblem({ file: rel, message: 'symbolic link: never followed (content must be real folders inside the content folder)' })
  }
  const ownDir = (dir: string) => (linked.has(dir) ? Promise.resolve([]) : listDir(dir))

  const collectionFiles = (await ownDir(layout.collectionsDir)).filter((n) => n.endsWith('.yaml')).sort()
  for (const [i, name] of collectionFiles.entries()) {
    const rel = `collections/${name}`
    const r = await readChecked(join(layout.collectionsDir, name), rel, 'collection')
    if (!r.ok) { store.reportProblem(r.problem); continue }
    const collection = toCollection(r.value, i)
    if (`${collection.slug}.yaml` !== name) {
      store.reportProblem({ file: rel, message: `slug "${collection.slug}" does not match the file name` })
      continue
    }
    store.collections.set(collection.slug, { collection, entries: new Map(), revision: 0 })
  }

  if (!linked.has(layout.webhooksDir)) await loadSimple(store, layout.webhooksDir, 'webhooks', 'webhook', (v) => { const w = toWebhook(v); store.webhooks.set(w.uuid, w) })
  if (!linked.has(layout.assetsDir)) await loadSimple(store, layout.assetsDir, 'assets', 'asset', (v) => { const a = toAsset(v); store.assets.set(a.uuid, a) })

  // Entries: list every collection's folder first so progress has a total, then read in parallel.
  const jobs: Array<{ slug: string; name: string }> = []
  for (const slug of await ownDir(layout.entriesDir)) {
    if (!isSlug(slug)) continue
    if (isSymlink(join(layout.entriesDir, slug))) {
      store.reportProblem({ file: `entries/${slug}`, message: 'symbolic link: never followed (content must be real folders inside the content folder)' })
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
    const index = store.collections.get(slug)
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
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') store.reportProblem({ file: rel, message: 'symbolic link: never followed' })
      continue
    }
    loaded++
    if (row && index && row.mtimeMs === stamp.mtimeMs && row.size === stamp.size && row.ino === stamp.ino) {
      index.entries.set(row.entry.uuid, row.entry)
      store.fileStamps.set(key, stamp)
      if (onProgress && (loaded % step === 0 || loaded === jobs.length)) onProgress({ loaded, total: jobs.length })
      continue
    }
    fresh++
    const r = text === undefined ? readCheckedSync(path, rel, 'entry') : stamp.size > MAX_FILE_BYTES ? { ok: false as const, problem: tooLarge(rel, stamp.size) } : parseChecked(text, rel, 'entry')
    if (onProgress && (loaded % step === 0 || loaded === jobs.length)) {
      onProgress({ loaded, total: jobs.length })
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (!r.ok) { store.reportProblem(r.problem); continue }
    if (!index) { store.reportProblem({ file: rel, message: `no collection "${slug}" (collections/${slug}.yaml is missing)` }); continue }
    const entry = toEntry(r.value)
    if (`${entry.uuid}.json` !== name.toLowerCase()) { store.reportProblem({ file: rel, message: `uuid "${entry.uuid}" does not match the file name` }); continue }
    shareUnchangedSnapshot(entry, r.text)
    index.entries.set(entry.uuid, entry)
    store.fileStamps.set(key, stamp)
  }
  store.freshlyLoaded = fresh
  if (options.sweepVersions) removeStaleTempFiles(layout.versionsDir).catch(() => {})
}

async function loadSimple(
  store: ContentStore,
  dir: string,
  relDir: string,
  kind: 'webhook' | 'asset',
  add: (value: Record<string, unknown>) => void,
): Promise<void> {
  const names = (await listDir(dir)).filter((n) => n.endsWith('.yaml') && isUuid(n.slice(0, -5)))
  await mapLimit(names, 32, async (name) => {
    const r = await readChecked(join(dir, name), `${relDir}/${name}`, kind)
    if (r.ok) add(r.value)
    else store.reportProblem(r.problem)
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
