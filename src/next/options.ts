/** Where the Next.js helpers read: a running server. */
export interface CmsServer {
  /** The server's URL (with or without a trailing `/api`). */
  url: string
  projectId: string
  /** An API token (`Authorization: Bearer`), for a private project. */
  token?: string
}

/** The httpOnly cookie the draft handler keeps the preview token in, and `cmsFetch` reads it from. */
export const PREVIEW_COOKIE = 'cms_preview'

export function apiHeaders(server: CmsServer, previewToken?: string): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'project-id': server.projectId }
  if (server.token) headers.authorization = `Bearer ${server.token}`
  if (previewToken) headers['cms-preview'] = previewToken
  return headers
}

export const baseOf = (server: CmsServer): string => server.url.replace(/\/+$/, '')
