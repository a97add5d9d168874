import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { reading, withApi, type TargetOptions } from '../connect/target.ts'
import type { ApiClient } from '../connect/api.ts'
import { badRequest, isCmsError, isValidationError, type CmsErrorCode } from '../core/errors.ts'

/**
 * How every MCP tool reaches the content: the HTTP API, as the CLI reaches it (`withApi`), once
 * per call. So a tool runs through the server on this content dir when one is running (or the
 * `--url` server), and otherwise through the app answering in this process, holding the
 * one-writer lock only for the length of that call (an idle `cms mcp` never keeps `cms serve` waiting).
 */
export interface McpTarget {
  options: TargetOptions
  /** Content root on this machine; null with `--url` (validate_content needs the files). */
  contentDir: string | null
}

/** One API operation. */
export interface Operation {
  method: string
  path: string
  query?: Record<string, unknown>
  body?: unknown
}

export function run<T>(target: McpTarget, op: Operation): Promise<T> {
  const options = op.method === 'GET' ? reading(target.options) : target.options
  return withApi<T>(options, (api) => api.request<T>(op.method, op.path, {
    ...(op.query ? { query: op.query } : {}),
    ...(op.body !== undefined ? { body: op.body } : {}),
  }))
}

/** The API for a tool that does more than one plain request (uploads). */
export function withMcpApi<T>(target: McpTarget, write: boolean, fn: (api: ApiClient) => Promise<T>): Promise<T> {
  return withApi<T>(write ? target.options : reading(target.options), fn)
}

/**
 * A tool's answer: a one-line summary an agent can read, the JSON itself as text (for clients
 * that ignore structured content), and the same value as structuredContent (an object; lists
 * come wrapped as `{data}`).
 */
export function ok(summary: string, value: unknown): CallToolResult {
  const structured = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { data: value }
  return {
    content: [{ type: 'text', text: summary }, { type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
  }
}

const STATUS: Partial<Record<CmsErrorCode, number>> = {
  bad_request: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409,
  payload_too_large: 413, unsupported_media_type: 415, validation: 422, insufficient_storage: 507, storage: 500,
}

/**
 * Any failure as a tool error (isError), never a protocol exception: the API's message, its
 * status, and for a 422 the `errors` map keyed `data.<field>`, the same body the HTTP API
 * answers. Unexpected errors say only that the operation failed (no stack, no path).
 */
function failure(error: unknown): CallToolResult {
  let body: { message: string; status?: number; errors?: Record<string, string[]> }
  if (isValidationError(error)) body = { message: error.message, status: 422, errors: error.errors }
  else if (isCmsError(error)) body = { message: error.message, ...(STATUS[error.code] ? { status: STATUS[error.code] } : {}) }
  else if (error && typeof error === 'object' && 'data' in error && (error as { data?: unknown }).data && typeof (error as { data: unknown }).data === 'object') {
    // An API answer relayed by the client (connect/api.ts).
    const e = error as { data: { message?: unknown; errors?: Record<string, string[]> }; status?: number }
    body = { message: String(e.data.message ?? 'The request failed.') }
    if (e.status) body.status = e.status
    if (e.data.errors && typeof e.data.errors === 'object') body.errors = e.data.errors
  } else if (error instanceof Error && error.name === 'CliError') body = { message: error.message }
  else {
    process.stderr.write(`[cms mcp] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    body = { message: 'The operation failed unexpectedly; see the cms mcp log (stderr).' }
  }
  const lines = [body.message]
  for (const [key, messages] of Object.entries(body.errors ?? {})) for (const m of messages) lines.push(`${key}: ${m}`)
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }], structuredContent: body }
}

/** Runs a tool body, turning every thrown error into a tool error. */
export async function guarded(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn()
  } catch (error) {
    return failure(error)
  }
}

/**
 * A tool argument as one path segment: encoded, and never `.` or `..`, which URL parsing
 * resolves even encoded (a collection named `..` would have reached another route).
 */
export const enc = (value: string): string => {
  if (value === '.' || value === '..') throw badRequest(`${JSON.stringify(value)} is not a name: give a collection slug or a uuid.`)
  return encodeURIComponent(value)
}
