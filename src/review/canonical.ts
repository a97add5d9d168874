import type { Collection } from '../core/types.ts'
import { serializeEntry, serializeVersion, serializeYaml } from '../storage/codec.ts'
import type { FileKind } from '../storage/file-schemas.ts'
import { collectionDocument, projectDocument, toAsset, toCollection, toEntry, toProject, toToken, toVersionRecord, toWebhook } from '../storage/records.ts'

/**
 * The bytes the store would write for a parsed, schema-checked file: exactly the store's
 * serialisation (ContentStore.put*), so `cms fmt` and the formatting check agree with it.
 * `order` is the collection's position among the sorted collection files (as the loader gives it).
 */
export function canonicalText(kind: FileKind, value: Record<string, unknown>, options: { collection?: Collection; order?: number } = {}): string {
  switch (kind) {
    case 'project': return serializeYaml(projectDocument(toProject(value)))
    case 'tokens': return serializeYaml({ tokens: ((value.tokens as Record<string, unknown>[] | undefined) ?? []).map((t) => ({ ...toToken(t) })) })
    case 'collection': return serializeYaml(collectionDocument(toCollection(value, options.order ?? 0)))
    case 'entry': return serializeEntry(toEntry(value), options.collection)
    case 'version': return serializeVersion(toVersionRecord(value), options.collection)
    case 'webhook': return serializeYaml({ ...toWebhook(value) })
    case 'asset': return serializeYaml({ ...toAsset(value) })
  }
}

/** 1-based number of the first line where two texts differ. */
export function firstDifferentLine(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  let line = 1
  for (let j = 0; j < i; j++) if (a.charCodeAt(j) === 10) line++
  return line
}
