/**
 * What every HTTP caller of the API shares, with no dependency: the request headers and body,
 * the answer read, and an error answer read into one typed error (the query string of the API's
 * bracket parameters is core/query-string.ts). The typed client (index.ts) and the editor
 * (ui/src/api.ts) both build on it; the editor imports this file alone, so nothing here may pull
 * a library into its bundle (qs, ofetch).
 */

/** A refusal of the API: its status, its message, and a 422's field errors keyed as sent (`data.title`). */
export class ApiError extends Error {
  readonly status: number
  readonly errors: Record<string, string[]>
  /** The answer's JSON body as sent (null when it was not JSON). */
  readonly data: Record<string, unknown> | null
  constructor(status: number, message: string, errors: Record<string, string[]> = {}, data: Record<string, unknown> | null = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.data = data
  }
}

/** An error answer's text read into an ApiError; a body that is not the API's JSON keeps a generic message. */
export function apiError(status: number, text: string): ApiError {
  return apiErrorOf(status, parseAnswer(text))
}

/** An error answer's parsed body (an object from the API, or text from a proxy) read into an ApiError. */
export function apiErrorOf(status: number, parsed: unknown): ApiError {
  const body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as Record<string, unknown> : null
  const message = typeof body?.message === 'string' && body.message ? body.message : `The server answered ${status}.`
  const raw = body?.errors
  const errors = raw && typeof raw === 'object'
    ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]))
    : {}
  return new ApiError(status, message, errors, body)
}

/** The headers of a JSON request to the API: JSON answers, the project, and a content type for a JSON body (FormData sets its own). */
export function apiHeaders(options: { projectId?: string | null; token?: string | null; body?: unknown; headers?: Record<string, string> }): Headers {
  const headers = new Headers(options.headers)
  headers.set('accept', 'application/json')
  if (options.projectId && !headers.has('project-id')) headers.set('project-id', options.projectId)
  if (options.token && !headers.has('authorization')) headers.set('authorization', `Bearer ${options.token}`)
  if (options.body !== undefined && !isFormData(options.body)) headers.set('content-type', 'application/json')
  return headers
}

/** A request body as sent: FormData as it is, anything else as JSON. */
export function requestBody(body: unknown): string | FormData | undefined {
  if (body === undefined) return undefined
  return isFormData(body) ? body : JSON.stringify(body)
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData
}

/** An answer's text parsed: JSON when it is, the text otherwise, null when empty. */
export function parseAnswer(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export interface Answer<T> {
  data: T
  status: number
  /** The ETag of the answer (drafts and single-entry writes): sent back as If-Match. */
  etag: string | null
}

/** One request: a non-2xx answer rejects with an ApiError; a network failure rejects as fetch did. */
export async function send<T>(url: string, init: RequestInit, fetcher: typeof globalThis.fetch = globalThis.fetch): Promise<Answer<T>> {
  const res = await fetcher(url, init)
  const text = await res.text()
  if (!res.ok) throw apiError(res.status, text)
  return { data: parseAnswer(text) as T, status: res.status, etag: res.headers.get('etag') }
}
