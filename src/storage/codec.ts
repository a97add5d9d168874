import { parseDocument, stringify, LineCounter, isMap } from 'yaml'
import { parse as parseJsonc, printParseErrorCode, type ParseError as ParseErrorInfo } from 'jsonc-parser'
import type { Collection, EntryRecord, Field, FieldValues, VersionRecord } from '../core/types.ts'

/**
 * Canonical serialisation: fixed key order, 2-space indent, LF, trailing newline. Writing
 * an unchanged record produces a byte-identical file, so git diffs show only real changes.
 */

export const ENTRY_KEYS = [
  'uuid', 'locale', 'translation_group', 'created_at', 'updated_at', 'published_at',
  'published_version', 'deleted_at', 'fields', 'published',
] as const satisfies ReadonlyArray<keyof EntryRecord>

export const VERSION_KEYS = [
  'uuid', 'entry_uuid', 'version_number', 'label', 'description', 'locale', 'translation_group',
  'published_at', 'created_at', 'updated_at', 'fields',
] as const satisfies ReadonlyArray<keyof VersionRecord>

/** The object an entry file is the JSON of (key and field order fixed). */
export function entryDocument(entry: EntryRecord, collection?: Collection): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of ENTRY_KEYS) {
    const value = entry[key]
    if (key === 'fields') out[key] = orderFields(entry.fields, collection?.fields)
    else if (key === 'published') out[key] = value === null ? null : orderFields(value as FieldValues, collection?.fields)
    else out[key] = value === undefined ? null : value
  }
  // Written only when set, so files without them stay byte-identical.
  if (entry.schedule) out.schedule = { publish_at: entry.schedule.publish_at, unpublish_at: entry.schedule.unpublish_at }
  if (entry.review) out.review = entry.review
  return out
}

/** The object a version file is the JSON of. */
export function versionDocument(version: VersionRecord, collection?: Collection): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of VERSION_KEYS) out[key] = key === 'fields' ? orderFields(version.fields, collection?.fields) : (version[key] ?? null)
  // Only when known, so versions written before it existed keep their bytes.
  if (version.created_by) out.created_by = version.created_by
  return out
}

export function serializeEntry(entry: EntryRecord, collection?: Collection): string {
  return `${JSON.stringify(entryDocument(entry, collection), null, 2)}\n`
}

export function serializeVersion(version: VersionRecord, collection?: Collection): string {
  return `${JSON.stringify(versionDocument(version, collection), null, 2)}\n`
}

/** Field values in schema order; keys the schema does not know follow, sorted. Group values recurse. */
export function orderFields(values: FieldValues, fields?: Field[]): FieldValues {
  const out: FieldValues = {}
  const known = new Set<string>()
  for (const field of fields ?? []) {
    known.add(field.name)
    if (!Object.hasOwn(values, field.name)) continue
    const value = values[field.name]
    out[field.name] = field.type === 'group' && field.children ? orderGroup(value, field.children) : sortDeep(value)
  }
  for (const key of Object.keys(values).filter((k) => !known.has(k)).sort()) out[key] = sortDeep(values[key])
  return out
}

function orderGroup(value: unknown, children: Field[]): unknown {
  if (Array.isArray(value)) return value.map((item) => orderGroup(item, children))
  if (value && typeof value === 'object') return orderFields(value as FieldValues, children)
  return value
}

/** json values: object keys sorted so hand-ordered JSON settles into one form. */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) out[key] = sortDeep((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

/** YAML for human-authored config, keys in the order given. */
export function serializeYaml(value: unknown): string {
  return stringify(value, { indent: 2, lineWidth: 0, aliasDuplicateObjects: false })
}

export class ParseError extends Error {
  override name = 'ParseError'
  readonly line: number | undefined
  readonly column: number | undefined
  constructor(message: string, line?: number, column?: number) {
    super(message)
    this.line = line
    this.column = column
  }
}

/** Parses YAML; errors carry the line and column the parser reports. */
export function parseYaml(text: string): unknown {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const error = doc.errors[0]
  if (error) {
    const pos = lineCounter.linePos(error.pos[0])
    throw new ParseError(error.message.split('\n')[0] ?? error.message, pos.line, pos.col)
  }
  if (doc.contents !== null && !isMap(doc.contents)) throw new ParseError('expected a mapping at the top level', 1, 1)
  return doc.toJS({ maxAliasCount: 100 })
}

/**
 * Parses JSON with the fast built-in parser; on failure, jsonc-parser (strict mode) finds
 * the offset so the error can name the line and column, which V8's message often lacks.
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const errors: ParseErrorInfo[] = []
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
    const first = errors[0]
    if (!first) throw new ParseError((error as Error).message)
    const before = text.slice(0, first.offset)
    const line = before.split('\n').length
    const column = first.offset - before.lastIndexOf('\n')
    throw new ParseError(printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), line, column)
  }
}
