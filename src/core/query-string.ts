// The one query-string writer of the API's parameters, for every caller that sends them: the
// typed client, the editor (through client/transport.ts), the reader and the Astro loaders.
// No dependency (the editor bundles it), and the server's qs parser reads what it writes.

/**
 * Parameters as the API reads them (qs on the server): `where` nested in brackets
 * (`where[title][like]=x`), arrays by index, `sort` and `exclude` lists comma-joined, `true` as 1;
 * `undefined`, `null` and `false` at the top are left out. Returns `?…`, or '' when nothing is left.
 */
export function queryString(params: Record<string, unknown>): string {
  const out: string[] = []
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue
    const top = value === true ? 1 : (key === 'exclude' || key === 'sort') && Array.isArray(value) ? value.join(',') : value
    addPairs(out, encodeKey(key), top)
  }
  return out.length ? `?${out.join('&')}` : ''
}

function addPairs(out: string[], key: string, value: unknown): void {
  if (value === undefined) return
  if (value === null) out.push(`${key}=`)
  else if (value instanceof Date) out.push(`${key}=${encodeURIComponent(value.toISOString())}`)
  else if (Array.isArray(value)) value.forEach((item, i) => addPairs(out, `${key}[${i}]`, item))
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) addPairs(out, `${key}[${encodeKey(k)}]`, v)
  else out.push(`${key}=${encodeURIComponent(String(value))}`)
}

/** A name encoded, its brackets kept readable (`where[title][like]`, as qs writes them). */
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/gi, '[').replace(/%5D/gi, ']')
}
