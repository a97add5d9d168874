#!/usr/bin/env node
// Writes the route table of docs/api.md from ROUTE_TABLE (the routes the app really registers).
// Run after `npm run build`:  node scripts/gen-route-table.mjs [--check]
// --check exits 1 (without writing) when docs/api.md is out of date.
import { readFile } from 'node:fs/promises'
import { writeGenerated } from './lib/generated-file.mjs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const { collectRoutes } = await import(`${root}dist/server/http/route-inventory.js`)
const { renderRouteTable, replaceRouteTable } = await import(`${root}dist/server/http/route-docs.js`)

const file = `${root}docs/api.md`
const before = await readFile(file, 'utf8')
const after = replaceRouteTable(before, renderRouteTable(await collectRoutes()))
await writeGenerated(file, after, { label: 'docs/api.md route table', command: 'npm run docs:routes', before })
