import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script (also run by `npm run lint`), no type declarations
import { importCycles } from '../../../scripts/import-cycles.mjs'
// @ts-expect-error: a plain .mjs script (also run by `npm run lint`), no type declarations
import { layerViolations } from '../../../scripts/import-layers.mjs'

const src = fileURLToPath(new URL('../../../src', import.meta.url))

describe('imports', () => {
  it('src/ has no import circle, type-only and dynamic imports included', () => {
    expect(importCycles(src)).toEqual([])
  })

  it('src/ imports go down the layers of ARCHITECTURE.md only, and the check sees an upward import', async () => {
    expect(layerViolations(src)).toEqual([])
    // A service importing the server is caught (a copy of src/ with one upward import added).
    const { cp, mkdtemp, rm, appendFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const copy = await mkdtemp(join(tmpdir(), 'cms-layers-'))
    try {
      await cp(src, copy, { recursive: true })
      await appendFile(join(copy, 'service', 'entries', 'list.ts'), "\nimport { guard } from '../../server/access/admission.ts'\nvoid guard\n")
      expect(layerViolations(copy)).toEqual([{ file: 'service/entries/list.ts', imports: 'server/access/admission.ts', message: expect.stringContaining('service is below the adapters') }])
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
