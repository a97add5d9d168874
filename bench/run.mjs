#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs in turn (each prints its own table).
// Pass names to run a subset: `npm run bench -- read write`.
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort()
  .filter((f) => only.length === 0 || only.includes(f.replace('.bench.mjs', '')))
let failed = 0
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`)
  const r = spawnSync(process.execPath, [`${dir}${file}`], { stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exit(failed > 0 ? 1 : 0)
