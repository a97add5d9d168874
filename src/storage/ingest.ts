import type { AssetRecord, Collection, EntryRecord, Project, TokenRecord, VersionRecord, WebhookRecord } from '../core/types.ts'
import type { ReadResult } from './read-files.ts'
import { fileProblem, type FileProblem } from './problems.ts'
import { toAsset, toCollection, toEntry, toProject, toToken, toVersionRecord, toWebhook } from './records.ts'
import { lineOfKey } from './line-of-path.ts'

/**
 * One way in for every content file: after it is read and parsed (read-files.ts), one function
 * per kind of file checks it and names it (the record it holds, or what is wrong with it, from
 * the catalogue in problems.ts). The start-up load, the watcher and `cms validate` all call
 * these, so a broken file gets the same code and message from each.
 *
 * A failure keeps the parsed value when there was one: `cms validate` goes on checking a file
 * whose name is wrong (its entries still belong to the collection of its folder).
 */
export type Ingested<T> =
  | { ok: true; record: T; value: Record<string, unknown>; text: string }
  | { ok: false; problems: [FileProblem, ...FileProblem[]]; value?: Record<string, unknown>; text?: string }

type Read = ReadResult<Record<string, unknown>>

function named<T>(read: Read, make: (value: Record<string, unknown>, text: string) => { record: T; problems: FileProblem[] }): Ingested<T> {
  if (!read.ok) return { ok: false, problems: [read.problem] }
  const { record, problems } = make(read.value, read.text)
  const [first, ...rest] = problems
  return first ? { ok: false, problems: [first, ...rest], value: read.value, text: read.text } : { ok: true, record, value: read.value, text: read.text }
}

/** `project.yaml`. */
export function ingestProject(read: Read): Ingested<Project> {
  return named(read, (value) => ({ record: toProject(value), problems: [] }))
}

/** `tokens.yaml`. */
export function ingestTokens(read: Read): Ingested<TokenRecord[]> {
  return named(read, (value) => ({ record: (value.tokens as Record<string, unknown>[]).map(toToken), problems: [] }))
}

/** `collections/<slug>.yaml`; `order` is its place among the collection files. */
export function ingestCollection(read: Read, rel: string, where: { slug: string }, order: number): Ingested<Collection> {
  return named(read, (value, text) => {
    const record = toCollection(value, order)
    return { record, problems: record.slug === where.slug ? [] : [fileProblem('slug_mismatch', rel, [record.slug], { line: lineOfKey(text, 'slug') })] }
  })
}

/** `entries/<slug>/<uuid>.json`; `hasCollection`: whether `collections/<slug>.yaml` is there. */
export function ingestEntry(read: Read, rel: string, where: { slug: string; uuid: string }, hasCollection: boolean): Ingested<EntryRecord> {
  return named(read, (value, text) => {
    const record = toEntry(value)
    if (!hasCollection) return { record, problems: [fileProblem('no_collection', rel, [where.slug])] }
    return { record, problems: record.uuid === where.uuid.toLowerCase() ? [] : [fileProblem('uuid_mismatch', rel, [record.uuid], { line: lineOfKey(text, 'uuid') })] }
  })
}

/** `versions/<slug>/<uuid>/<n>.json`. */
export function ingestVersion(read: Read, rel: string, where: { uuid: string; n: number }): Ingested<VersionRecord> {
  return named(read, (value, text) => {
    const record = toVersionRecord(value)
    const problems: FileProblem[] = []
    if (record.entry_uuid !== where.uuid.toLowerCase()) problems.push(fileProblem('version_entry_mismatch', rel, [record.entry_uuid, where.uuid], { line: lineOfKey(text, 'entry_uuid') }))
    if (record.version_number !== where.n) problems.push(fileProblem('version_number_mismatch', rel, [record.version_number, where.n], { line: lineOfKey(text, 'version_number') }))
    return { record, problems }
  })
}

/** `webhooks/<uuid>.yaml`. */
export function ingestWebhook(read: Read, rel: string, where: { uuid: string }): Ingested<WebhookRecord> {
  return named(read, (value, text) => {
    const record = toWebhook(value)
    return { record, problems: record.uuid === where.uuid.toLowerCase() ? [] : [fileProblem('uuid_mismatch', rel, [record.uuid], { line: lineOfKey(text, 'uuid') })] }
  })
}

/** `assets/<uuid>.yaml` (the metadata; the bytes are in `assets/<uuid>/`). */
export function ingestAsset(read: Read, rel: string, where: { uuid: string }): Ingested<AssetRecord> {
  return named(read, (value, text) => {
    const record = toAsset(value)
    return { record, problems: record.uuid === where.uuid.toLowerCase() ? [] : [fileProblem('uuid_mismatch', rel, [String(value.uuid)], { line: lineOfKey(text, 'uuid') })] }
  })
}
