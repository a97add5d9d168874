import { join, relative, sep } from 'node:path'
import { isSlug, isUuid } from '../core/ids.ts'

/**
 * The layout of the content folder (README, docs/api.md), in one place. Every id that reaches a path has been checked by
 * `isSlug`/`isUuid` first, so no request can name a file outside the content root.
 */
export interface Layout {
  root: string
  stateDir: string
  project: string
  tokens: string
  collectionsDir: string
  entriesDir: string
  versionsDir: string
  assetsDir: string
  webhooksDir: string
  releasesDir: string
  collection(slug: string): string
  entryDir(slug: string): string
  entry(slug: string, uuid: string): string
  versionDir(slug: string, uuid: string): string
  version(slug: string, uuid: string, n: number): string
  assetMeta(uuid: string): string
  assetDir(uuid: string): string
  webhook(uuid: string): string
  release(uuid: string): string
}

export function createLayout(root: string, stateDir = join(root, '..', '.cms')): Layout {
  const slug = (s: string) => { if (!isSlug(s)) throw new Error(`Invalid collection slug: ${JSON.stringify(s)}`); return s }
  const uuid = (u: string) => { if (!isUuid(u)) throw new Error(`Invalid uuid: ${JSON.stringify(u)}`); return u }
  return {
    root,
    stateDir,
    project: join(root, 'project.yaml'),
    tokens: join(root, 'tokens.yaml'),
    collectionsDir: join(root, 'collections'),
    entriesDir: join(root, 'entries'),
    versionsDir: join(root, 'versions'),
    assetsDir: join(root, 'assets'),
    webhooksDir: join(root, 'webhooks'),
    releasesDir: join(root, 'releases'),
    collection: (s) => join(root, 'collections', `${slug(s)}.yaml`),
    entryDir: (s) => join(root, 'entries', slug(s)),
    entry: (s, u) => join(root, 'entries', slug(s), `${uuid(u)}.json`),
    versionDir: (s, u) => join(root, 'versions', slug(s), uuid(u)),
    version: (s, u, n) => join(root, 'versions', slug(s), uuid(u), `${Math.trunc(n)}.json`),
    assetMeta: (u) => join(root, 'assets', `${uuid(u)}.yaml`),
    assetDir: (u) => join(root, 'assets', uuid(u)),
    webhook: (u) => join(root, 'webhooks', `${uuid(u)}.yaml`),
    release: (u) => join(root, 'releases', `${uuid(u)}.json`),
  }
}

/** What a path under the content root is, as the watcher and `cms validate` need to know. */
export type PathKind =
  | { kind: 'project' }
  | { kind: 'tokens' }
  | { kind: 'collection'; slug: string }
  | { kind: 'entry'; slug: string; uuid: string }
  | { kind: 'version'; slug: string; uuid: string; n: number }
  | { kind: 'asset-meta'; uuid: string }
  | { kind: 'asset-file'; uuid: string; filename: string }
  | { kind: 'webhook'; uuid: string }
  | { kind: 'release'; uuid: string }
  | { kind: 'temp' }
  | { kind: 'unknown' }

export const TEMP_MARK = '.cms-tmp-'

export function classifyPath(root: string, file: string): PathKind {
  const rel = relative(root, file).split(sep)
  const name = rel[rel.length - 1] ?? ''
  if (name.includes(TEMP_MARK)) return { kind: 'temp' }
  const [a, b, c, d] = rel
  if (rel.length === 1 && a === 'project.yaml') return { kind: 'project' }
  if (rel.length === 1 && a === 'tokens.yaml') return { kind: 'tokens' }
  if (rel.length === 2 && a === 'collections' && b?.endsWith('.yaml')) {
    const s = b.slice(0, -5)
    if (isSlug(s)) return { kind: 'collection', slug: s }
  }
  if (rel.length === 3 && a === 'entries' && isSlug(b) && c?.endsWith('.json')) {
    const u = c.slice(0, -5)
    if (isUuid(u)) return { kind: 'entry', slug: b, uuid: u }
  }
  if (rel.length === 4 && a === 'versions' && isSlug(b) && isUuid(c) && d && /^[1-9]\d*\.json$/.test(d)) {
    return { kind: 'version', slug: b, uuid: c, n: Number(d.slice(0, -5)) }
  }
  if (rel.length === 2 && a === 'assets' && b?.endsWith('.yaml') && isUuid(b.slice(0, -5))) {
    return { kind: 'asset-meta', uuid: b.slice(0, -5) }
  }
  if (rel.length === 3 && a === 'assets' && isUuid(b) && c) return { kind: 'asset-file', uuid: b, filename: c }
  if (rel.length === 2 && a === 'webhooks' && b?.endsWith('.yaml') && isUuid(b.slice(0, -5))) {
    return { kind: 'webhook', uuid: b.slice(0, -5) }
  }
  if (rel.length === 2 && a === 'releases' && b?.endsWith('.json') && isUuid(b.slice(0, -5))) return { kind: 'release', uuid: b.slice(0, -5) }
  return { kind: 'unknown' }
}
