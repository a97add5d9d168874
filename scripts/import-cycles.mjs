// Import circles in src/, type-only and dynamic imports included (eslint's import-x/no-cycle
// skips `import type`, and a circle of types still ties two modules together).
// `node scripts/import-cycles.mjs` prints each circle and exits 1 when there is one.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const IMPORT_RE = /(?:^|[\n;])\s*(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The import graph of the .ts files under `dir`: file → files it imports (relative specifiers only). */
export function importGraph(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
  const known = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const deps = new Set()
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
      const target = resolve(dirname(file), m[1] ?? m[2])
      if (known.has(target)) deps.add(target)
    }
    graph.set(file, [...deps])
  }
  return graph
}

/**
 * Tarjan's strongly connected components of a graph (node → iterable of nodes): each component
 * of more than one node, or a node that points at itself, as an array of its nodes.
 */
export function stronglyConnected(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  let next = 0
  const visit = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) !== index.get(v)) return
    const members = []
    let w
    do {
      w = stack.pop()
      onStack.delete(w)
      members.push(w)
    } while (w !== v)
    if (members.length > 1 || [...(graph.get(v) ?? [])].includes(v)) components.push(members)
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return components
}

/** Every circle as its sorted member files (relative to `dir`). */
export function importCycles(dir) {
  const root = resolve(dir)
  return stronglyConnected(importGraph(root)).map((members) => members.map((f) => relative(root, f)).sort())
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src')
  const cycles = importCycles(dir)
  for (const cycle of cycles) console.error(`import circle: ${cycle.join(' → ')}`)
  process.exit(cycles.length > 0 ? 1 : 0)
}
