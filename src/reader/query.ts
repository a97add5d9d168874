import qs from 'qs'

export type ReadParams = Record<string, unknown>

/** Parameters as the client sends them: `where` nested in brackets, lists comma-joined. */
export function toQuery(params: ReadParams): string {
  const flat: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue
    flat[key] = value === true ? 1 : (key === 'exclude' || key === 'sort') && Array.isArray(value) ? value.join(',') : value
  }
  const text = qs.stringify(flat, { encodeValuesOnly: true, arrayFormat: 'indices' })
  return text ? `?${text}` : ''
}
