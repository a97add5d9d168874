import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script (also run by `npm run lint`), no type declarations
import { importCycles } from '../../../scripts/import-cycles.mjs'
// @ts-expect-error: a plain .mjs script (also run by `npm run lint`), no type declarations
import { folderLoops, layerViolations } from '../../../scripts/import-layers.mjs'

const src = fileURLToPath(new URL('../../../src', import.meta.url))
const script = fileURLToPath(new URL('../../../scripts/import-layers.mjs', import.meta.url))

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

  it('cli and mcp import neither service nor storage (type-only included), and the script fails on a planted one', async () => {
    const { cp, mkdtemp, rm, appendFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const copy = await mkdtemp(join(tmpdir(), 'cms-layers-'))
    try {
      await cp(src, copy, { recursive: true })
      await appendFile(join(copy, 'cli', 'commands', 'entry.ts'), "\nimport type { ReadResult } from '../../service/entries/list.ts'\nexport type Planted = ReadResult\n")
      await appendFile(join(copy, 'mcp', 'call.ts'), "\nimport type { ContentStore } from '../storage/store.ts'\nexport type Planted = ContentStore\n")
      expect(layerViolations(copy)).toEqual(expect.arrayContaining([
        { file: 'cli/commands/entry.ts', imports: 'service/entries/list.ts', message: expect.stringContaining('through the HTTP API') },
        { file: 'mcp/call.ts', imports: 'storage/store.ts', message: expect.stringContaining('through the HTTP API') },
      ]))
      expect(layerViolations(copy)).toHaveLength(2)
      const run = spawnSync(process.execPath, [script, copy], { encoding: 'utf8' })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('src/cli/commands/entry.ts imports src/service/entries/list.ts')
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })

  it('src/ has no folder loop, and the script fails on a planted loop (a type import)', async () => {
    expect(folderLoops(src)).toEqual([])
    expect(spawnSync(process.execPath, [script, src], { encoding: 'utf8' }).status).toBe(0)
    const { cp, mkdtemp, rm, appendFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const copy = await mkdtemp(join(tmpdir(), 'cms-loops-'))
    try {
      await cp(src, copy, { recursive: true })
      // export imports reader (a type); a type import back closes a loop no layer rule names.
      await appendFile(join(copy, 'reader', 'index.ts'), "\nimport type { ExportSummary } from '../export/static-api.ts'\nexport type Planted = ExportSummary\n")
      expect(layerViolations(copy)).toEqual([])
      expect(folderLoops(copy)).toEqual([{ members: ['export', 'reader'] }])
      const run = spawnSync(process.execPath, [script, copy], { encoding: 'utf8' })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('folder loop: export -> reader')
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
