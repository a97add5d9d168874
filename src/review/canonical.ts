import type { Collection } from '../core/types.ts'
import { entryDocument, serializeEntry, serializeVersion, serializeYaml, versionDocument } from '../storage/codec.ts'
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

/**
 * Whether `text` is exactly the canonical text of the entry or version file it was parsed
 * from (`value` must be `JSON.parse(text)`), without building that text: the document is
 * walked in canonical order and matched against the file as `JSON.stringify(document, null, 2)`
 * would print it. `true` only when they are byte-identical; `false` means "not proven": the
 * caller then compares `canonicalText` as before, so a miss costs time, never a report.
 */
export function isCanonicalJson(kind: 'entry' | 'version', value: Record<string, unknown>, text: string, collection?: Collection): boolean {
  const doc = kind === 'entry' ? entryDocument(toEntry(value), collection) : versionDocument(toVersionRecord(value), collection)
  // Without a backslash in a well-formed text, no string parsed from it holds a character
  // JSON.stringify escapes (quote, backslash, control character, lone surrogate), so each
  // string prints as itself between quotes and is compared as a plain slice.
  const plain = text.indexOf('\\') < 0 && (text as unknown as { isWellFormed(): boolean }).isWellFormed()
  const end = new Matcher(text, plain).value(0, doc, 0)
  return end === text.length - 1 && text.charCodeAt(end) === 10
}

const INDENTS: string[] = []
const indent = (level: number): string => (INDENTS[level] ??= `\n${'  '.repeat(level)}`)

/**
 * Matches values printed as `JSON.stringify(value, null, 2)` against `text`. Each method
 * takes the index to match at and returns the index after the match, or -1 on any
 * difference or any value it does not model (non-finite numbers, undefined, functions,
 * toJSON, objects that are not plain). Long strings compare as slices (a flat compare),
 * not with startsWith (character by character).
 */
class Matcher {
  private readonly text: string
  private readonly plain: boolean
  constructor(text: string, plain: boolean) {
    this.text = text
    this.plain = plain
  }

  private token(at: number, token: string): number {
    return this.text.slice(at, at + token.length) === token ? at + token.length : -1
  }

  string(at: number, s: string): number {
    const text = this.text
    if (!this.plain) return this.token(at, JSON.stringify(s))
    const end = at + 1 + s.length
    return text.charCodeAt(at) === 34 && text.charCodeAt(end) === 34 && text.slice(at + 1, end) === s ? end + 1 : -1
  }

  value(at: number, value: unknown, level: number): number {
    const text = this.text
    switch (typeof value) {
      case 'string': return this.string(at, value)
      case 'number': return Number.isFinite(value) ? this.token(at, String(value)) : -1
      case 'boolean': return this.token(at, value ? 'true' : 'false')
      case 'object': break
      default: return -1
    }
    if (value === null) return this.token(at, 'null')
    const inner = indent(level + 1)
    if (Array.isArray(value)) {
      if (value.length === 0) return this.token(at, '[]')
      if (text.charCodeAt(at) !== 91) return -1
      at++
      for (let i = 0; i < value.length; i++) {
        if (i > 0) { if (text.charCodeAt(at) !== 44) return -1; at++ }
        at = this.token(at, inner)
        if (at < 0) return -1
        at = this.value(at, value[i], level + 1)
        if (at < 0) return -1
      }
      at = this.token(at, indent(level))
      return at >= 0 && text.charCodeAt(at) === 93 ? at + 1 : -1
    }
    const proto = Object.getPrototypeOf(value)
    if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return -1
    const object = value as Record<string, unknown>
    const keys = Object.keys(object)
    if (keys.length === 0) return this.token(at, '{}')
    if (text.charCodeAt(at) !== 123) return -1
    at++
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!
      const item = object[key]
      // JSON.stringify leaves such members out (and may print `{}`): not modelled.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return -1
      if (i > 0) { if (text.charCodeAt(at) !== 44) return -1; at++ }
      at = this.token(at, inner)
      if (at < 0) return -1
      at = this.string(at, key)
      if (at < 0 || text.charCodeAt(at) !== 58 || text.charCodeAt(at + 1) !== 32) return -1
      at = this.value(at + 2, item, level + 1)
      if (at < 0) return -1
    }
    at = this.token(at, indent(level))
    return at >= 0 && text.charCodeAt(at) === 125 ? at + 1 : -1
  }
}
