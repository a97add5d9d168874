import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script (also run by `npm run lint`), no type declarations
import { importCycles } from '../../scripts/import-cycles.mjs'

const src = fileURLToPath(new URL('../../src', import.meta.url))

describe('imports', () => {
  it('src/ has no import circle, type-only and dynamic imports included', () => {
    expect(importCycles(src)).toEqual([])
  })
})
