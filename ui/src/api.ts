/**
 * The one way the editor talks to the server: the same REST API every client uses, over the
 * package client's transport (src/client/transport.ts: headers, bodies, error answers) and query
 * string (src/core/query-string.ts), neither with a library, so the bundle stays small; with the
 * session cookie (same origin) and the project header. Errors arrive as ApiError so screens can put a 422's messages under the fields they
 * belong to and treat 412 as a conflict.
 */
import { ApiError, apiError, apiHeaders, parseAnswer, requestBody, send, type Answer } from '../../src/client/transport.ts'
import { queryString } from '../../src/core/query-string.ts'

export { ApiError }

/** An answer: its data, status and ETag (send it back as `ifMatch`). */
export type ApiResponse<T> = Answer<T>

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
  if (query instanceof URLSearchParams) {
    const qs = query.toString()
    return qs ? `${path}?${qs}` : path
  }
  // An empty search box is no filter: '' is left out like undefined.
  const kept = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) : {}
  return `${path}${queryString(kept)}`
}

function headersFor(options: RequestOptions): Headers {
  const headers = apiHeaders({ projectId, body: options.body, ...(options.headers ? { headers: options.headers } : {}) })
  if (options.ifMatch) headers.set('if-match', options.ifMatch)
  return headers
}

function toError(status: number, text: string): ApiError {
  if (status === 401 && onUnauthenticated) onUnauthenticated()
  return apiError(status, text)
}

async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = buildUrl(path, options.query)
  if (options.onProgress && options.body instanceof FormData) return xhrRequest<T>(url, options)
  try {
    return await send<T>(url, {
      method: options.method ?? 'GET',
      headers: headersFor(options),
      body: requestBody(options.body) ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
    })
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401 && onUnauthenticated) onUnauthenticated()
      throw err
    }
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'The server cannot be reached. Is `cms serve` still running?')
  }
}

function xhrRequest<T>(url: string, options: RequestOptions): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', url)
    xhr.withCredentials = true
    headersFor(options).forEach((value, key) => { if (key !== 'content-type') xhr.setRequestHeader(key, value) })
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) options.onProgress?.(e.loaded / e.total) }
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: the server cannot be reached.'))
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(toError(xhr.status, xhr.responseText))
      options.onProgress?.(1)
      resolve({ data: parseAnswer(xhr.responseText) as T, status: xhr.status, etag: xhr.getResponseHeader('etag') })
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
