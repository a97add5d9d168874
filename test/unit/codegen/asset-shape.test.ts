import { describe, expect, it } from 'vitest'
import { generateTypes } from '../../../src/codegen/types.ts'
import { toAssetJson } from '../../../src/service/assets/view.ts'
import type { AssetRecord } from '../../../src/core/types.ts'

/** The keys of one `interface <name> { … }` in generated text, and of its `metadata` block. */
function interfaceKeys(text: string, name: string): { top: string[]; metadata: string[] } {
  const start = text.indexOf(`export interface ${name} {`)
  expect(start, `interface ${name} in the generated types`).toBeGreaterThanOrEqual(0)
  const lines = text.slice(start).split('\n').slice(1)
  const top: string[] = []
  const metadata: string[] = []
  let depth = 0
  for (const line of lines) {
    if (depth === 0 && /^\}/.test(line)) break
    const key = /^\s*([a-z0-9_]+)\??:/.exec(line)?.[1]
    if (key) (depth === 0 ? top : metadata).push(key)
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length
  }
  return { top, metadata }
}

/**
 * The generated types write the asset shape out as text (a site compiles them without our
 * package's types): pinned here to what the API answers (toAssetJson, itself checked against
 * core's AssetJson), so the two cannot drift.
 */
describe('the generated Asset type', () => {
  it('has exactly the keys of an asset as the API answers it, metadata included', () => {
    const record: AssetRecord = {
      uuid: '00000000-0000-4000-8000-000000000001', filename: 'boats.png', original_filename: 'Boats.png', mime_type: 'image/png',
      size: 10, sha256: 'x', width: 1, height: 1, alt_text: null, title: null, caption: null, description: null, author: null,
      copyright: null, created_at: '2026-01-01T00:00:00.000000Z', updated_at: '2026-01-01T00:00:00.000000Z', deleted_at: null,
    }
    const answered = toAssetJson(record, 'http://127.0.0.1:4000') as { metadata: Record<string, unknown> }
    const generated = interfaceKeys(generateTypes([]), 'Asset')
    expect(generated.top.sort()).toEqual(Object.keys(answered).sort())
    expect(generated.metadata.sort()).toEqual(Object.keys(answered.metadata).sort())
  })
})
