/**
 * A client written the way the vendor's JS SDK (0.3, `elmapicms-js-sdk`) calls the API:
 * `basePath` is the instance's `/api`, every request carries `project-id` and a bearer token,
 * lists take a nested `where` object serialised to bracket form, single reads come back as
 * `{data}`. Kept here so the drop-in promise is tested with plain `fetch`, not our helpers.
 */
export interface SdkOptions {
  basePath: string
  projectId: string
  token?: string
}

export function createSdkClient(options: SdkOptions) {
  const headers = (extra: Record<string, string> = {}) => ({
    'project-id': options.projectId,
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...extra,
  })
  const call = async (method: string, path: string, query?: Record<string, unknown>, body?: unknown) => {
    const qs = query ? bracket(query) : ''
    const res = await fetch(`${options.basePath}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    const data = text ? JSON.parse(text) : null
    if (!res.ok) throw Object.assign(new Error(data?.message ?? `HTTP ${res.status}`), { status: res.status, data })
    return data
  }
  return {
    getProject: () => call('GET', '/'),
    getCollections: () => call('GET', '/collections'),
    getEntries: (collection: string, params: Record<string, unknown> = {}) => call('GET', `/${collection}`, params),
    getEntry: (collection: string, uuid: string, params: Record<string, unknown> = {}) => call('GET', `/${collection}/${uuid}`, params),
    createEntry: (collection: string, body: { locale?: string; state?: string; data: Record<string, unknown> }) => call('POST', `/${collection}`, undefined, body),
  }
}

/** superagent's `.query()` serialisation of nested objects: `where[title][like]=x`. */
function bracket(value: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = []
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue
    const name = prefix ? `${prefix}[${key}]` : key
    if (v !== null && typeof v === 'object') parts.push(bracket(v as Record<string, unknown>, name))
    else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`)
  }
  return parts.filter(Boolean).join('&')
}
