import { findRelationTarget } from '../schema/relation-target.ts'
import { readFile, stat } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Collection, Field, Project } from '../core/types.ts'
import { listForValidate, checkShare, splitBulk, type TreeListing } from './bulk.ts'
import { lineOfKey } from '../storage/line-of-path.ts'
import { checkFiles, fieldLine, type ChunkResult, type EntryFacts, type Problem, type RefFact, type Rule } from './check-files.ts'

/**
 * `cms validate`: every check a content tree can fail, without a server and without
 * writing. Each problem names its file (relative to the content root) and a line.
 * Per-file checks of entries and versions run in worker threads on large trees.
 */
export type { Problem, Rule }

export interface ValidateReport {
  root: string
  ok: boolean
  files: number
  entries: number
  problems: Problem[]
}

const PARALLEL_FROM = 4000
const defaultThreads = () => Math.min(4, availableParallelism())

export async function validateTree(root: string, options: { parallelFrom?: number; threads?: number } = {}): Promise<ValidateReport> {
  const info = await stat(root).catch(() => null)
  if (!info?.isDirectory()) throw Object.assign(new Error(`No content directory at ${root}`), { cannotRun: true })
  const tree = listForValidate(root)
  const threads = options.threads ?? defaultThreads()
  // Workers start before the config files are checked, so their start-up overlaps that.
  const workers = tree.size >= (options.parallelFrom ?? PARALLEL_FROM) && threads >= 2 && !import.meta.url.endsWith('.ts') ? startWorkers(threads) : []
  let bulk: ChunkResult[]
  let config: ChunkResult
  try {
    const collectionOrder = tree.files.filter((f) => f.where.kind === 'collection').map((f) => f.rel)
    config = checkFiles(tree.files, [], collectionOrder)
    bulk = workers.length > 0 ? await checkShares(workers, root, tree, config.collections) : [checkShare(root, tree.bulk, config.collections)]
  } finally {
    for (const w of workers) void w.worker.terminate()
  }

  const problems: Problem[] = [...config.problems, ...bulk.flatMap((b) => b.problems)]
  const report = (p: Problem) => problems.push(p)
  const collections = new Map(config.collections.map((c) => [c.slug, c]))
  // Each share holds every file of its uuids (entries and version folders alike), so the
  // duplicate-uuid and orphan-version checks ran there; the shares' entries come sorted by path.
  const sorted = mergeByRel(bulk.map((b) => b.entries))
  const entries = new Map<string, EntryFacts>()
  for (const e of sorted) entries.set(e.uuid, e)
  const project = config.project
  if (!project) {
    if (!problems.some((p) => p.file === 'project.yaml')) report({ file: 'project.yaml', rule: 'config', message: 'project.yaml is missing (run `cms init` or `cms import`)' })
  } else if (!project.locales.includes(project.default_locale)) {
    report({ file: 'project.yaml', rule: 'config', message: `default_locale "${project.default_locale}" is not one of the locales (${project.locales.join(', ')})` })
  }
  for (const rel of tree.links) report({ file: rel, rule: 'location', message: 'symbolic link: never followed (content must be real files and folders inside the content folder)' })
  const assets = new Set(config.assets)
  for (const { rel, uuid } of config.assetFiles) if (!assets.has(uuid)) report({ file: rel, rule: 'location', message: `stored file without metadata (assets/${uuid}.yaml is missing)` })
  const uuids = new Set(config.collections.map((c) => c.uuid))
  for (const { rel, ids } of config.webhooks) for (const id of ids) if (!uuids.has(id)) report({ file: rel, rule: 'reference', message: `collection_ids names no collection: ${id}` })
  for (const [slug, c] of collections) checkCollectionConfig(c, `collections/${slug}.yaml`, collections, report)

  await crossChecks(root, project, collections, sorted, entries, assets, report)

  const shown = withoutEchoes(problems)
  for (const p of shown) p.line ??= 1
  shown.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)))
  return { root, ok: shown.length === 0, files: config.files + bulk.reduce((n, b) => n + b.files, 0), entries: entries.size, problems: shown }
}

/**
 * One fault, one problem: a collection file that does not load would otherwise also make
 * each of its entries and versions report "no collection" (and a format difference), and an
 * entry file that does not parse would make its versions report themselves as orphans.
 * Those echoes are dropped; the collection's problem says how many files wait on it.
 */
function withoutEchoes(problems: Problem[]): Problem[] {
  const broken = (p: Problem) => p.rule === 'parse' || p.rule === 'schema'
  const brokenCollections = new Map<string, Problem>()
  const brokenEntries = new Set<string>()
  for (const p of problems) {
    if (!broken(p)) continue
    const c = /^collections\/([^/]+)\.yaml$/.exec(p.file)
    if (c) brokenCollections.set(c[1]!, p)
    else if (p.file.startsWith('entries/')) brokenEntries.add(p.file.replace(/\.json$/, ''))
  }
  if (brokenCollections.size === 0 && brokenEntries.size === 0) return problems
  const waiting = new Map<string, Set<string>>()
  const out: Problem[] = []
  for (const p of problems) {
    const m = /^(entries|versions)\/([^/]+)\/([^/.]+)/.exec(p.file)
    if (m && brokenCollections.has(m[2]!) && !broken(p)) {
      let files = waiting.get(m[2]!)
      if (!files) waiting.set(m[2]!, (files = new Set()))
      files.add(p.file)
      continue
    }
    if (m && m[1] === 'versions' && p.rule === 'orphan-version' && brokenEntries.has(`entries/${m[2]}/${m[3]}`)) continue
    const target = /^relation field "[^"]+" targets no existing collection \("([^"]+)"\)$/.exec(p.message)
    if (target && brokenCollections.has(target[1]!)) continue
    out.push(p)
  }
  for (const [slug, files] of waiting) {
    const p = brokenCollections.get(slug)!
    p.message += ` (its ${files.size} entry and version file${files.size === 1 ? '' : 's'} are checked once this is fixed)`
  }
  return out
}

/** Worker threads for the entries and versions of a large tree, each waiting for its share; `result` settles with its answer. */
function startWorkers(threads: number): Array<{ worker: Worker; result: Promise<ChunkResult> }> {
  const url = new URL('./validate-worker.js', import.meta.url)
  return Array.from({ length: threads }, () => {
    const worker = new Worker(url)
    const result = new Promise<ChunkResult>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`validate worker exited with ${code}`)))
    })
    result.catch(() => {}) // observed by checkShares; a worker never given a share must not leave an unhandled rejection
    return { worker, result }
  })
}

async function checkShares(workers: Array<{ worker: Worker; result: Promise<ChunkResult> }>, root: string, tree: TreeListing, collections: Collection[]): Promise<ChunkResult[]> {
  const shares = splitBulk(tree.bulk, workers.length)
  workers.forEach(({ worker }, i) => worker.postMessage({ root, share: shares[i], collections }))
  return Promise.all(workers.map((w) => w.result))
}

/** Lists each sorted by `rel`, merged into one sorted list. */
function mergeByRel(lists: EntryFacts[][]): EntryFacts[] {
  const out: EntryFacts[] = []
  const at = lists.map(() => 0)
  for (;;) {
    let best = -1
    for (let i = 0; i < lists.length; i++) {
      const e = lists[i]![at[i]!]
      if (e && (best < 0 || e.rel < lists[best]![at[best]!]!.rel)) best = i
    }
    if (best < 0) return out
    out.push(lists[best]![at[best]!++]!)
  }
}

function checkCollectionConfig(c: Collection, rel: string, all: Map<string, Collection>, report: (p: Problem) => void): void {
  const walk = (fields: Field[], where: string) => {
    const names = new Set<string>()
    for (const f of fields) {
      if (names.has(f.name)) report({ file: rel, rule: 'config', message: `field name "${where}${f.name}" is used twice` })
      names.add(f.name)
      if (f.type === 'relation') {
        const target = f.options.relation?.collection
        if (!target || !resolveTarget(all, String(target))) report({ file: rel, rule: 'reference', message: `relation field "${where}${f.name}" targets no existing collection (${JSON.stringify(target ?? null)})` })
      }
      if (f.children) walk(f.children, `${where}${f.name}.`)
    }
  }
  walk(c.fields, '')
}

function resolveTarget(all: Map<string, Collection>, ref: string): Collection | undefined {
  return all.get(ref) ?? findRelationTarget(ref, all.values()) ?? undefined
}

type Report = (p: Problem) => void

async function crossChecks(
  root: string, project: Project | null, collections: Map<string, Collection>, sorted: EntryFacts[], entries: Map<string, EntryFacts>,
  assets: Set<string>, report: Report,
): Promise<void> {
  /** Line lookups re-read the (few) files that have a cross-file problem. */
  const later: Array<{ rel: string; side: 'fields' | 'published' | null; key: string; rule: Rule; message: string }> = []
  const locales = new Set(project?.locales ?? [])
  const unique = new Map<string, { rel: string; reported: boolean }>()
  const singletons = new Map<string, string>()
  const groups = new Map<string, EntryFacts[]>()
  for (const entry of sorted) {
    const { slug, rel } = entry
    const c = collections.get(slug)!
    if (project && !locales.has(entry.locale)) later.push({ rel, side: null, key: 'locale', rule: 'locale', message: `locale "${entry.locale}" is not a project locale (${[...locales].join(', ')})` })
    if (entry.published_version !== null && !entry.published_file) {
      later.push({ rel, side: null, key: 'published_version', rule: 'version', message: `published_version ${entry.published_version} has no file (versions/${slug}/${entry.uuid}/${entry.published_version}.json is missing)` })
    }
    if (entry.translation_group) groups.set(entry.translation_group, [...(groups.get(entry.translation_group) ?? []), entry])
    if (entry.deleted) continue
    if (c.is_singleton) {
      const key = `${slug}\u0000${entry.locale}`
      const first = singletons.get(key)
      if (first) later.push({ rel, side: null, key: 'uuid', rule: 'singleton', message: `"${slug}" is a singleton but ${first} is already its "${entry.locale}" entry` })
      else singletons.set(key, rel)
    }
    for (const [name, json] of entry.unique) {
      const key = `${slug}\u0000${entry.locale}\u0000${name}\u0000${json}`
      const first = unique.get(key)
      if (!first) { unique.set(key, { rel, reported: false }); continue }
      later.push({ rel, side: 'fields', key: name, rule: 'unique', message: `${name}: ${json} must be unique but ${first.rel} has it too` })
      if (!first.reported) {
        first.reported = true
        later.push({ rel: first.rel, side: 'fields', key: name, rule: 'unique', message: `${name}: ${json} must be unique but ${rel} has it too` })
      }
    }
    const seen = new Set<string>()
    for (const ref of entry.refs) {
      const problem = checkRef(ref, collections, entries, assets)
      if (!problem || seen.has(`${ref.path}\u0000${problem}`)) continue
      seen.add(`${ref.path}\u0000${problem}`)
      later.push({ rel, side: ref.side, key: ref.top, rule: 'reference', message: `${ref.side === 'published' ? 'published ' : ''}${ref.path}: ${problem}` })
    }
  }
  for (const [group, members] of groups) {
    const byLocale = new Map<string, EntryFacts>()
    for (const m of members) {
      const first = byLocale.get(m.locale)
      if (first) later.push({ rel: m.rel, side: null, key: 'translation_group', rule: 'translation', message: `translation group ${group} already has a "${m.locale}" entry (${first.rel})` })
      else byLocale.set(m.locale, m)
      if (m.slug !== members[0]!.slug) later.push({ rel: m.rel, side: null, key: 'translation_group', rule: 'translation', message: `translation group ${group} spans collections (${members[0]!.slug} and ${m.slug})` })
    }
  }
  const texts = new Map<string, string>()
  for (const l of later) {
    let text = texts.get(l.rel)
    if (text === undefined) {
      text = await readFile(`${root}/${l.rel}`, 'utf8').catch(() => '')
      texts.set(l.rel, text)
    }
    report({ file: l.rel, line: l.side ? fieldLine(text, l.side, l.key) : lineOfKey(text, l.key), rule: l.rule, message: l.message })
  }
}

function checkRef(ref: RefFact, collections: Map<string, Collection>, entries: Map<string, EntryFacts>, assets: Set<string>): string | null {
  if (typeof ref.uuid !== 'string') return `reference ${JSON.stringify(ref.uuid)} is not a uuid`
  if (ref.kind === 'media') return assets.has(ref.uuid) ? null : `asset ${ref.uuid} does not exist`
  const want = ref.target ? resolveTarget(collections, ref.target) : undefined
  const found = entries.get(ref.uuid)
  if (!found) return `entry ${ref.uuid} does not exist`
  if (want && found.slug !== want.slug) return `entry ${ref.uuid} is in "${found.slug}", but the field points at "${want.slug}"`
  return null
}
