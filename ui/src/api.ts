/**
 * The one way the editor talks to the server: the same REST API every client uses, with the
 * session cookie (same origin) and the project header. Errors arrive as ApiError so screens can
 * put a 422's messages under the fields they belong to and treat 412 as a conflict.
 */

export class ApiError extends Error {
  readonly status: number
  /** 422 field errors keyed as the server sends them (`data.title`, `data.seo.description`, ...). */
  readonly errors: Record<string, string[]>
  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
  }
}

export interface ApiResponse<T> {
  data: T
  status: number
  /** The ETag of the answer (drafts and single-entry writes): send it back as `ifMatch`. */
  etag: string | null
}

export interface RequestOptions {
  method?: string
  /** JSON body (objects) or a FormData (uploads). */
  body?: unknown
  query?: Record<string, string | number | boolean | undefined | null> | URLSearchParams
  /** Sent as If-Match: the write only happens when the entry is still at this ETag (else 412). */
  ifMatch?: string | null
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Called with upload progress (0..1) for FormData bodies; switches to XMLHttpRequest. */
  onProgress?: (fraction: number) => void
}

let projectId: string | null = null

/** Set by the session provider once it knows the project. */
export function setProjectId(id: string | null): void {
  projectId = id
}

export function getProjectId(): string | null {
  return projectId
}

/** Called on 401 so the app can send the person to the sign-in page. */
let onUnauthenticated: (() => void) | null = null
export function setUnauthenticatedHandler(fn: (() => void) | null): void {
  onUnauthenticated = fn
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let qs = ''
  if (query instanceof URLSearchParams) qs = query.toString()
  else if (query) {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.append(k, String(v))
    qs = params.toString()
  }
  return qs ? `${path}?${qs}` : path
}

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers(options.headers)
  headers.set('accept', 'application/json')
  if (projectId && !headers.has('project-id')) headers.set('project-id', projectId)
  if (options.ifMatch) headers.set('if-match', options.ifMatch)
  if (options.body !== undefined && !(options.body instanceof FormData)) headers.set('content-type', 'application/json')
  return headers
}

async function toError(status: number, text: string): Promise<ApiError> {
  let message = `The server answered ${status}.`
  let errors: Record<string, string[]> = {}
  try {
    const body = JSON.parse(text) as { message?: string; errors?: Record<string, string[] | string> }
    if (body.message) message = body.message
    if (body.errors) errors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, Array.isArray(v) ? v : [String(v)]]))
  } catch {
    // not JSON: keep the generic message
  }
  if (status === 401 && onUnauthenticated) onUnauthenticated()
  return new ApiError(status, message, errors)
}

async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = buildUrl(path, options.query)
  if (options.onProgress && options.body instanceof FormData) return xhrRequest<T>(url, options)
  let res: Response
  try {
    res = await fetch(url, {
      method: options.method ?? 'GET',
      headers: headersFor(options),
      body: options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'The server cannot be reached. Is `cms serve` still running?')
  }
  const text = await res.text()
  if (!res.ok) throw await toError(res.status, text)
  let data: unknown = null
  if (text) {
    try { data = JSON.parse(text) } catch { data = text }
  }
  return { data: data as T, status: res.status, etag: res.headers.get('etag') }
}

function xhrRequest<T>(url: string, options: RequestOptions): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', url)
    xhr.withCredentials = true
    headersFor(options).forEach((value, key) => { if (key !== 'content-type') xhr.setRequestHeader(key, value) })
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) options.onProgress?.(e.loaded / e.total) }
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: the server cannot be reached.'))
    xhr.onload = async () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(await toError(xhr.status, xhr.responseText))
      options.onProgress?.(1)
      let data: unknown = null
      try { data = xhr.responseText ? JSON.parse(xhr.responseText) : null } catch { data = xhr.responseText }
      resolve({ data: data as T, status: xhr.status, etag: xhr.getResponseHeader('etag') })
    }
    xhr.send(options.body as FormData)
  })
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...options, method: 'DELETE' }),
}

/** Path of an entry route; segments are encoded so a slug or uuid can never change the path. */
export function entryPath(collection: string, uuid?: string, action?: string): string {
  let p = `/${encodeURIComponent(collection)}`
  if (uuid) p += `/${encodeURIComponent(uuid)}`
  if (action) p += `/${action}`
  return p
}

/** Admin-only endpoints added for the editor (session, events, overview). */
export const ADMIN_API = '/_admin/api'
