import { join } from 'node:path'
import type { VersionRecord } from '../core/types.ts'
import { assertContained } from './contained.ts'
import { ingestVersion } from './ingest.ts'
import type { Layout } from './paths.ts'
import { listDir, mapLimit, readChecked } from './read-files.ts'

/**
 * Reads of an entry's versions. They are not in the index (a published entry's history can be
 * long, and only the versions endpoints read it): each read goes to the files, through the one
 * ingestion path (ingest.ts). A version file that does not check is left out.
 */
export async function listVersions(layout: Layout, slug: string, uuid: string): Promise<VersionRecord[]> {
  const dir = layout.versionDir(slug, uuid)
  assertContained(layout.root, join(dir, '1.json'), 'read')
  const names = (await listDir(dir)).filter((n) => /^[1-9]\d*\.json$/.test(n))
  const read = await mapLimit(names, 16, async (name) => {
    const rel = `versions/${slug}/${uuid}/${name}`
    return ingestVersion(await readChecked(join(dir, name), rel, 'version'), rel, { uuid, n: Number(name.slice(0, -5)) })
  })
  const versions: VersionRecord[] = []
  for (const r of read) if (r.ok) versions.push(r.record)
  return versions.sort((a, b) => b.version_number - a.version_number)
}

export async function readVersion(layout: Layout, slug: string, uuid: string, n: number): Promise<VersionRecord | null> {
  assertContained(layout.root, layout.version(slug, uuid, n), 'read')
  const rel = `versions/${slug}/${uuid}/${n}.json`
  const r = ingestVersion(await readChecked(layout.version(slug, uuid, n), rel, 'version'), rel, { uuid, n })
  return r.ok ? r.record : null
}

export async function maxVersion(layout: Layout, slug: string, uuid: string): Promise<number> {
  const names = await listDir(layout.versionDir(slug, uuid))
  let max = 0
  for (const name of names) {
    const m = /^([1-9]\d*)\.json$/.exec(name)
    if (m) max = Math.max(max, Number(m[1]))
  }
  return max
}
