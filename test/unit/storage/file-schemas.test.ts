import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ajv } from '../../../src/schema/ajv.ts'
import { checkFile, type FileKind } from '../../../src/storage/file-schemas.ts'

const dir = fileURLToPath(new URL('../../../schemas/', import.meta.url))
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'))

/**
 * The shipped schemas are compiled ahead of time (scripts/gen-file-validators.mjs) without
 * checking them against the JSON Schema meta-schema: this is that check.
 */
describe('the file schemas shipped in schemas/', () => {
  it('are all valid JSON Schemas (draft-07 meta-schema)', () => {
    expect(files.length).toBeGreaterThanOrEqual(7)
    for (const file of files) {
      const schema = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Record<string, unknown>
      expect(ajv.validateSchema(schema), `${file}: ${ajv.errorsText(ajv.errors)}`).toBe(true)
    }
  })

  it('each one checks its kind of file', () => {
    for (const file of files) {
      const kind = file.replace('.schema.json', '') as FileKind
      // Twice: a validator's errors of one call do not leak into the next.
      expect(checkFile(kind, 'not a mapping'), kind).not.toEqual([])
      expect(checkFile(kind, 'not a mapping'), kind).not.toEqual([])
    }
    expect(checkFile('project', { name: 5 })).not.toEqual([])
  })
})
