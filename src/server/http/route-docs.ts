import type { RouteSpec } from '../access/route-access.ts'

const ROUTES_BEGIN = '<!-- routes:begin (generated from ROUTE_TABLE by `npm run docs:routes`; do not edit by hand) -->'
const ROUTES_END = '<!-- routes:end -->'

/** Whether a caller needs a token for this route on a public project (private ones always need one). */
function tokenRule(route: Pick<RouteSpec, 'ability' | 'token' | 'projectAuth'>): string {
  if (route.projectAuth === 'open') return 'none (project auth on)'
  if (route.projectAuth === 'user') return 'end user\'s access token'
  if (route.ability === null) return 'no project header needed'
  if (route.token === 'always' || route.ability !== 'read') return 'always'
  return 'private projects only'
}

/** The Markdown table of every registered route, in registration order. */
export function renderRouteTable(routes: readonly Pick<RouteSpec, 'method' | 'path' | 'ability' | 'token' | 'projectAuth' | 'summary'>[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
  const lines = [
    '| Method | Path | Ability | Token needed | What it does |',
    '|---|---|---|---|---|',
    ...routes.map((r) => `| ${r.method} | \`${r.path.replace(/:(\w+)/g, '{$1}')}\` | ${r.ability ?? '-'} | ${tokenRule(r)} | ${cell(r.summary)} |`),
  ]
  return `${lines.join('\n')}\n`
}

/** The table between the markers of a docs/api.md text, or null when the markers are missing. */
export function extractRouteTable(markdown: string): string | null {
  const a = markdown.indexOf(ROUTES_BEGIN)
  const b = markdown.indexOf(ROUTES_END)
  if (a === -1 || b === -1 || b < a) return null
  return markdown.slice(a + ROUTES_BEGIN.length, b).replace(/^\n+/, '')
}

/** docs/api.md with the generated table put between its markers (added under the routes section marker the first time). */
export function replaceRouteTable(markdown: string, table: string): string {
  const block = `${ROUTES_BEGIN}\n${table}${ROUTES_END}`
  const a = markdown.indexOf(ROUTES_BEGIN)
  const b = markdown.indexOf(ROUTES_END)
  if (a !== -1 && b > a) return markdown.slice(0, a) + block + markdown.slice(b + ROUTES_END.length)
  const marker = /<!-- section: routes[^>]*-->\n/.exec(markdown)
  if (!marker) throw new Error('docs/api.md has no `<!-- section: routes ... -->` marker')
  const at = marker.index + marker[0].length
  return `${markdown.slice(0, at)}\n${block}\n${markdown.slice(at)}`
}
