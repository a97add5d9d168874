#!/usr/bin/env node
// Writes src/server/http/route-paths.ts: the path patterns of each route group, by which the app
// answering CLI commands in process loads only the groups a request needs (lazy-app.ts).
// Run after `npm run build`:  node scripts/gen-route-paths.mjs [--check]
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const { collectGroupPaths, renderRoutePaths } = await import(`${root}dist/server/http/route-inventory.js`)
const file = `${root}src/server/http/route-paths.ts`
const before = await readFile(file, 'utf8').catch(() => '')
const after = renderRoutePaths(await collectGroupPaths())
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('src/server/http/route-paths.ts is out of date: run `npm run routes:paths`')
    process.exit(1)
  }
  console.log('src/server/http/route-paths.ts is up to date')
} else if (after !== before) {
  await writeFile(file, after)
  console.log('src/server/http/route-paths.ts updated')
} else {
  console.log('src/server/http/route-paths.ts already up to date')
}
