import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { Collection, EntryRecord, Field, VersionRecord } from '../../../src/core/types.ts'
import { serializeEntry, serializeVersion } from '../../../src/storage/codec.ts'
import { checkFile } from '../../../src/storage/file-schemas.ts'
import { toEntry, toVersionRecord } from '../../../src/storage/records.ts'
import { isCanonicalJson } from '../../../src/review/canonical.ts'

/**
 * `cms validate` proves most files canonical without printing them (isCanonicalJson); it
 * must answer `true` exactly when the store's serialisation equals the file's text.
 */
const f = (name: string, type: Field['type'], children?: Field[]): Field => ({
  uuid: `00000000-0000-4000-8000-${name.padStart(12, '0').slice(-12)}`, type, label: name, name, description: null, placeholder: null,
  options: {}, validations: {}, ...(children ? { children } : {}),
})
const collection: Collection = {
  uuid: '00000000-0000-4000-8000-00000000c011', name: 'Posts', slug: 'posts', is_singleton: false, order: 0,
  created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
  fields: [f('title', 'text'), f('body', 'longtext'), f('views', 'number'), f('data', 'json'), f('blocks', 'group', [f('heading', 'text'), f('extra', 'json')])],
}

// Strings with every kind of character JSON.stringify treats specially.
const tricky = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', 'a"b', 'back\\slash', 'line\nbreak', 'tab\there', '\u0000\u001f', '\u2028\u2029', 'é ü 漢字 😀', '\ud800 lone', 'lone \udfff', '</script>', '\u007f'),
)
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' },
    tricky, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(tricky, tie('value'), { maxKeys: 4 })),
})).value
const fieldValues = fc.record({
  title: tricky, body: tricky, views: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), data: json,
  blocks: fc.array(fc.record({ heading: tricky, extra: json }, { requiredKeys: [] }), { maxLength: 3 }),
}, { requiredKeys: [] }).chain((known) => fc.dictionary(tricky, json, { maxKeys: 3 }).map((unknown) => ({ ...unknown, ...known })))
const date = fc.constantFrom('2025-01-01T00:00:00.000Z', '2025-06-30T12:34:56.789Z')
const entryArb: fc.Arbitrary<EntryRecord> = fc.record({
  uuid: fc.uuid(), locale: fc.constantFrom('en', 'fr'), translation_group: fc.option(fc.uuid()), created_at: date, updated_at: date,
  published_at: fc.option(date), published_version: fc.option(fc.integer({ min: 1, max: 9 })), deleted_at: fc.option(date),
  fields: fieldValues, published: fc.option(fieldValues),
})
const versionArb: fc.Arbitrary<VersionRecord> = fc.record({
  uuid: fc.uuid(), entry_uuid: fc.uuid(), version_number: fc.integer({ min: 1, max: 9 }), label: fc.option(tricky), description: fc.option(tricky),
  locale: fc.constant('en'), translation_group: fc.option(fc.uuid()), published_at: date, created_at: date, updated_at: date, fields: fieldValues,
})

/** Edits that keep the text parseable more often than not: whitespace, escapes, key order, number forms, line ends. */
const mutation = fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('space', 'newline', 'delete', 'escape', 'swap-lines', 'number', 'crlf', 'indent4', 'compact', 'no-final-newline', 'two-final-newlines'))
function mutate(text: string, [a, b, kind]: [number, number, string]): string {
  const at = text.length > 0 ? a % text.length : 0
  switch (kind) {
    case 'space': return `${text.slice(0, at)} ${text.slice(at)}`
    case 'newline': return `${text.slice(0, at)}\n${text.slice(at)}`
    case 'delete': return text.slice(0, at) + text.slice(at + 1)
    case 'escape': {
      const i = text.slice(at).search(/[a-z]/)
      if (i < 0) return text
      const c = at + i
      return `${text.slice(0, c)}\\u00${text.charCodeAt(c).toString(16)}${text.slice(c + 1)}`
    }
    case 'swap-lines': {
      const lines = text.split('\n')
      const i = a % Math.max(1, lines.length - 1), j = b % Math.max(1, lines.length - 1)
      ;[lines[i], lines[j]] = [lines[j]!, lines[i]!]
      return lines.join('\n')
    }
    case 'number': return text.replace(/: (\d+)(,?)$/m, ': $1.0$2')
    case 'crlf': return text.replace(/\n/g, '\r\n')
    case 'indent4': return `${JSON.stringify(JSON.parse(text), null, 4)}\n`
    case 'compact': return `${JSON.stringify(JSON.parse(text))}\n`
    case 'no-final-newline': return text.slice(0, -1)
    default: return `${text}\n`
  }
}
/** The value, when the text parses and passes its file schema (as validate checks before the format). */
const parses = (kind: 'entry' | 'version', text: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text) as unknown
    return checkFile(kind, v).length === 0 ? v as Record<string, unknown> : null
  } catch {
    return null
  }
}

describe('isCanonicalJson', () => {
  it('accepts every file the store writes (as it reads it back)', () => {
    fc.assert(fc.property(entryArb, (e) => {
      const text = serializeEntry(toEntry(JSON.parse(serializeEntry(e, collection))), collection)
      expect(isCanonicalJson('entry', JSON.parse(text), text, collection)).toBe(true)
    }), { numRuns: 500 })
    fc.assert(fc.property(versionArb, (v) => {
      const text = serializeVersion(v, collection)
      expect(isCanonicalJson('version', JSON.parse(text), text, collection)).toBe(true)
    }), { numRuns: 300 })
  })

  it('answers true exactly when the text equals the store\'s serialisation, for edited files', () => {
    let edited = 0
    fc.assert(fc.property(entryArb, fc.array(mutation, { minLength: 1, maxLength: 3 }), (e, edits) => {
      const text = edits.reduce((t, m) => (parses('entry', mutate(t, m)) ? mutate(t, m) : t), serializeEntry(e, collection))
      const value = parses('entry', text)!
      const canonical = serializeEntry(toEntry(value), collection)
      if (text !== canonical) edited++
      expect(isCanonicalJson('entry', value, text, collection)).toBe(text === canonical)
    }), { numRuns: 1500 })
    fc.assert(fc.property(versionArb, fc.array(mutation, { minLength: 1, maxLength: 3 }), (v, edits) => {
      const text = edits.reduce((t, m) => (parses('version', mutate(t, m)) ? mutate(t, m) : t), serializeVersion(v, collection))
      const value = parses('version', text)!
      expect(isCanonicalJson('version', value, text, collection)).toBe(text === serializeVersion(toVersionRecord(value), collection))
    }), { numRuns: 800 })
    expect(edited).toBeGreaterThan(500)
  })

  it('is not fooled by key order, escapes or missing keys', () => {
    const e: EntryRecord = {
      uuid: '00000000-0000-4000-8000-000000000001', locale: 'en', translation_group: null, created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z', published_at: null, published_version: null, deleted_at: null,
      fields: { views: 3, title: 'Quote " and \\ and \n', data: { b: 1, a: [1, { d: 2, c: 'é' }] } }, published: null,
    }
    const text = serializeEntry(e, collection)
    expect(isCanonicalJson('entry', JSON.parse(text), text, collection)).toBe(true)
    // The schema puts title before views: the file's own key order is not canonical.
    const unordered = `${JSON.stringify({ ...JSON.parse(text), fields: { views: 3, title: e.fields.title, data: e.fields.data } }, null, 2)}\n`
    expect(isCanonicalJson('entry', JSON.parse(unordered), unordered, collection)).toBe(false)
    // Same value, an escape the store would not write.
    const escaped = text.replace('"en"', '"\\u0065n"')
    expect(escaped).not.toBe(text)
    expect(isCanonicalJson('entry', JSON.parse(escaped), escaped, collection)).toBe(false)
    // A key the store would add (deleted_at: null) missing from the file.
    const missing = text.replace('  "deleted_at": null,\n', '')
    expect(isCanonicalJson('entry', JSON.parse(missing), missing, collection)).toBe(false)
  })
})
