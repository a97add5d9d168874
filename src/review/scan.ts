import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Collection } from '../core/types.ts'
import type { FileKind } from '../storage/file-schemas.ts'
import { classifyPath, type PathKind } from '../storage/paths.ts'
import { mapLimit, readChecked, type ReadResult } from '../storage/read-files.ts'
import { toCollection } from '../storage/records.ts'
import { canonicalText } from './canonical.ts'

/**
 * Walks a content root file by file, in the order the loader reads it (project, tokens,
 * collections, webhooks, assets, entries, versions), parsing and schema-checking each file
 * and computing the bytes the store would write for it. Shared by `cms validate` and `cms fmt`.
 */
export interface ScannedFile {
  rel: string
  abs: string
  where: PathKind
  /** The schema kind, when the path is one the store knows. */
  kind?: FileKind
  result?: ReadResult<Record<string, unknown>>
  /** Canonical text, when the file parsed and passed its schema. */
  canonical?: string
}

export interface ScanState {
  /** Collections that parsed, by the slug of their file name. */
  collections: Map<string, Collection>
  files: number
}

const KIND: Partial<Record<PathKind['kind'], FileKind>> = {
  project: 'project', tokens: 'tokens', collection: 'collection', entry: 'entry', version: 'version', 'asset-meta': 'asset', webhook: 'webhook',
}
const PHASE: Record<PathKind['kind'], number> = {
  project: 0, tokens: 1, collection: 2, webhook: 3, 'asset-meta': 4, 'asset-file': 4, entry: 5, version: 6, temp: 7, unknown: 7,
}

/** Every file under the root (dot files and dot folders skipped), classified, in load order. */
export async function listTree(root: string): Promise<ScannedFile[]> {
  const out: ScannedFile[] = []
  const walk = async (dir: string, rel: string): Promise<void> => {
    const items = await readdir(dir, { withFileTypes: true })
    const subdirs: Array<Promise<void>> = []
    for (const item of items) {
      if (item.name.startsWith('.')) continue
      const r = rel ? `${rel}/${item.name}` : item.name
      const abs = join(dir, item.name)
      if (item.isDirectory()) subdirs.push(walk(abs, r))
      else if (item.isFile()) out.push({ rel: r, abs, where: classifyPath(root, abs) })
    }
    await Promise.all(subdirs)
  }
  await walk(root, '')
  return out.sort((a, b) => PHASE[a.where.kind] - PHASE[b.where.kind] || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
}

/**
 * Reads every file, calling `visit` for each in load order. Files of one phase are read in
 * parallel (bounded); `visit` is called in path order within a phase.
 */
export async function scanTree(root: string, visit: (file: ScannedFile, state: ScanState) => void): Promise<ScanState> {
  const files = await listTree(root)
  const state: ScanState = { collections: new Map(), files: files.length }
  const collectionNames = files.filter((f) => f.where.kind === 'collection').map((f) => f.rel)
  const CHUNK = 2048
  for (let start = 0; start < files.length; start += CHUNK) {
    const chunk = files.slice(start, start + CHUNK)
    const read = await mapLimit(chunk, 64, async (file) => {
      const kind = KIND[file.where.kind]
      if (!kind) return file
      return { ...file, kind, result: await readChecked(file.abs, file.rel, kind) }
    })
    for (const file of read) {
      if (file.kind && file.result?.ok) {
        const value = file.result.value
        const where = file.where
        if (where.kind === 'collection') {
          const order = collectionNames.indexOf(file.rel)
          file.canonical = canonicalText('collection', value, { order })
          state.collections.set(where.slug, toCollection(value, order))
        } else if (where.kind === 'entry' || where.kind === 'version') {
          const collection = state.collections.get(where.slug)
          file.canonical = canonicalText(file.kind, value, collection ? { collection } : {})
        } else {
          file.canonical = canonicalText(file.kind, value)
        }
      }
      visit(file, state)
    }
  }
  return state
}
