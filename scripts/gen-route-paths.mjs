#!/usr/bin/env node
// Writes src/server/http/route-paths.ts: the routes (`METHOD /path`) of each route group, by which the app
// answering CLI commands in process loads only the groups a request needs (lazy-app.ts).
// Run after `npm run build`:  node scripts/gen-route-paths.mjs [--check]
import { writeGenerated } from './lib/generated-file.mjs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const { collectGroupPaths, renderRoutePaths } = await import(`${root}dist/server/http/route-inventory.js`)
const file = `${root}src/server/http/route-paths.ts`
const after = renderRoutePaths(await collectGroupPaths())
await writeGenerated(file, after, { label: 'src/server/http/route-paths.ts', command: 'npm run routes:paths' })
