// The layering of ARCHITECTURE.md as import rules: `node scripts/import-layers.mjs` prints each
// upward import in src/ and exits 1 when there is one.
// Hand-written over the import graph of import-cycles.mjs rather than eslint-plugin-import-x's
// no-restricted-paths: that plugin needs unrs-resolver, whose platform packages the npm registry
// CI installs from does not all serve, so `npm ci` refused the lock file (measured 2026-11-23).
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importGraph, stronglyConnected } from './import-cycles.mjs'

/** Folders (or files) under src/ a zone's files may not import; `except` lists what stays allowed. */
const allBut = (target, allowed, message) => ({ target: [target], from: [''], except: allowed, message })

// Layers, bottom up: core < schema < query < storage < service < server, cli.
export const zones = [
  allBut('core', ['core'], 'core is the bottom layer: it imports nothing else from src/.'),
  allBut('schema', ['schema', 'core'], 'schema imports only core.'),
  allBut('query', ['query', 'schema', 'core'], 'query is pure: it imports only schema and core.'),
  allBut('storage', ['storage', 'query', 'schema', 'core'], 'storage imports nothing above it (service, server, cli, webhooks, ...).'),
  { target: ['service'], from: ['server', 'cli', 'mcp'], message: 'service is below the adapters: it never imports server, cli or mcp.' },
  { target: ['webhooks', 'review', 'git', 'sessions', 'codegen', 'reader', 'export', 'import', 'end-users', 'replica', 'preview'], from: ['server', 'cli', 'mcp'], message: 'only the composition root and the adapters import server, cli or mcp.' },
  { target: ['server'], from: ['cli'], message: 'the server never imports the CLI.' },
  // One path for every operation: the CLI and the MCP server send requests to the HTTP API
  // (connect/: a server, or the app answering in process), never call services or the store.
  { target: ['cli', 'mcp'], from: ['service', 'storage'], message: 'cli and mcp reach every operation through the HTTP API (connect/): they import neither service nor storage, type-only imports included.' },
  { target: ['mcp', 'connect'], from: ['cli'], message: 'the CLI starts the MCP server, not the other way round: mcp and connect never import cli.' },
  { target: ['connect'], from: ['mcp'], message: 'connect serves cli and mcp alike: it imports neither.' },
  // The adapters use the store (store.ts), the one-writer lock and journal and the watcher;
  // parsing, file layout and atomic writes stay inside storage.
  { target: ['server'], from: ['storage'], except: ['storage/store.ts', 'storage/lock.ts', 'storage/schema-journal.ts', 'storage/watcher.ts'], message: 'adapters use the store, not storage internals (codec, records, paths, atomic writes).' },
  // The framework entries are site code: they read through the reader or the client, never the server's folders.
  { target: ['astro'], from: [''], except: ['astro', 'reader', 'client', 'core', 'codegen/types.ts', 'codegen/escape.ts', 'schema/json-schema.ts'], message: 'astro/ reads through the reader or over HTTP: it imports reader, client, core and the pure type generator only.' },
  { target: ['next'], from: [''], except: ['next', 'core', 'webhooks/sign.ts'], message: 'next/ runs inside a Next.js app over HTTP: it imports core and the webhook signing rule only.' },
  { target: ['client'], from: [''], except: ['client', 'core/types.ts', 'core/image-url.ts', 'core/query-string.ts', 'reader/edit-attributes.ts'], message: 'the client is HTTP only: no server code (it shares the pure query-string builder, the image URL builder and editAttributes with the reader).' },
]

/** Upward imports allowed one by one, each with its reason. */
const allowed = [
  { file: 'server/routes/assets.ts', imports: 'storage/contained.ts', why: 'the download opens the asset file itself with the no-symlink flag, to stream it' },
]

const within = (rel, folder) => folder === '' || rel === folder || rel.startsWith(`${folder}/`)

/** Every upward import: `{ file, imports, message }`, paths relative to `dir`. */
export function layerViolations(dir) {
  const root = resolve(dir)
  const out = []
  for (const [file, deps] of importGraph(root)) {
    const from = relative(root, file)
    for (const dep of deps) {
      const to = relative(root, dep)
      for (const zone of zones) {
        if (!zone.target.some((t) => within(from, t))) continue
        if (!zone.from.some((f) => within(to, f))) continue
        if ((zone.except ?? []).some((e) => within(to, e))) continue
        if (allowed.some((a) => a.file === from && a.imports === to)) continue
        out.push({ file: from, imports: to, message: zone.message })
      }
    }
  }
  return out
}

/** The folder (or root file) under src/ a path belongs to. */
const folderOf = (rel) => (rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : rel)

/**
 * Loops between folders (a root file counts as its own folder), type-only and dynamic imports
 * included: Tarjan's strongly connected components over the folder graph. `{ members }`.
 */
export function folderLoops(dir) {
  const root = resolve(dir)
  const graph = new Map()
  for (const [file, deps] of importGraph(root)) {
    const from = folderOf(relative(root, file))
    if (!graph.has(from)) graph.set(from, new Set())
    for (const dep of deps) {
      const to = folderOf(relative(root, dep))
      if (to !== from) graph.get(from).add(to)
    }
  }
  // A folder's imports of itself were left out above: only loops between folders count.
  return stronglyConnected(graph).map((members) => ({ members: members.sort() }))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src')
  const found = layerViolations(dir)
  for (const v of found) console.error(`src/${v.file} imports src/${v.imports}: ${v.message}`)
  const loops = folderLoops(dir)
  for (const l of loops) console.error(`folder loop: ${l.members.join(' -> ')} import each other (type-only imports count): cut it, imports go one way.`)
  process.exit(found.length > 0 || loops.length > 0 ? 1 : 0)
}
