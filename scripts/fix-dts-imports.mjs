#!/usr/bin/env node
// tsc keeps `.ts` in the relative imports of the declarations it emits (the sources import
// `.ts` files; rewriteRelativeImportExtensions rewrites only the .js). Consumers resolve `.js`
// to the `.d.ts` beside it, so point the declarations at `.js`.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../dist', import.meta.url))
for (const entry of await readdir(dist, { recursive: true })) {
  if (!entry.endsWith('.d.ts')) continue
  const file = join(dist, entry)
  const text = await readFile(file, 'utf8')
  const fixed = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2')
  if (fixed !== text) await writeFile(file, fixed)
}
