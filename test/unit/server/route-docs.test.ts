import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { collectRoutes } from '../../../src/server/http/route-inventory.ts'
import { extractRouteTable, renderRouteTable, replaceRouteTable } from '../../../src/server/http/route-docs.ts'

describe('docs/api.md route table', () => {
  it('is exactly the table of the routes the app registers (run `npm run docs:routes` when this fails)', async () => {
    const routes = await collectRoutes()
    expect(routes.length).toBeGreaterThan(0)
    const doc = await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8')
    const table = extractRouteTable(doc)
    expect(table, 'docs/api.md has no generated route table').not.toBeNull()
    expect(table).toBe(renderRouteTable(routes))
  })

  it('names every registered method and path, so a route added later fails the check above', async () => {
    const routes = await collectRoutes()
    const table = renderRouteTable(routes)
    for (const r of routes) expect(table).toContain(`| ${r.method} | \`${r.path.replace(/:(\w+)/g, '{$1}')}\` |`)
    // A doc table missing one route (or carrying a stale one) is detected.
    const stale = renderRouteTable(routes.slice(1))
    expect(stale).not.toBe(table)
  })

  it('replaces only the generated block, keeping the rest of the file', () => {
    const doc = '# API\n\n<!-- section: routes (x) -->\n\n<!-- section: listing -->\ntext\n'
    const once = replaceRouteTable(doc, '| a |\n')
    const twice = replaceRouteTable(once, '| b |\n')
    expect(extractRouteTable(twice)).toBe('| b |\n')
    expect(twice).toContain('<!-- section: listing -->\ntext\n')
    expect(twice.match(/routes:begin/g)).toHaveLength(1)
  })
})
