import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ajv } from '../../../src/schema/ajv.ts'
import { checkFile, type FileKind } from '../../../src/storage/file-schemas.ts'

const dir = fileURLToPath(new URL('../../../schemas/', import.meta.url))
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'))

/**
 * The loader compiles the shipped schemas without checking them against the JSON Schema
 * meta-schema (a CLI command's start would compile the meta-schema first): this is that check.
 */
describe('the file schemas shipped in schemas/', () => {
  it('are all valid JSON Schemas (draft-07 meta-schema)', () => {
    expect(files.length).toBeGreaterThanOrEqual(7)
    for (const file of files) {
      const schema = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Record<string, unknown>
      expect(ajv.validateSchema(schema), `${file}: ${ajv.errorsText(ajv.errors)}`).toBe(true)
    }
  })

  it('each one checks its kind of file, compiled once per process', () => {
    for (const file of files) {
      const kind = file.replace('.schema.json', '') as FileKind
      // Twice: the second call reuses the compiled validator (a schema id is registered once).
      expect(checkFile(kind, 'not a mapping'), kind).not.toEqual([])
      expect(checkFile(kind, 'not a mapping'), kind).not.toEqual([])
    }
    expect(checkFile('project', { name: 5 })).not.toEqual([])
  })
})
