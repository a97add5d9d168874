/**
 * The project's `preview_url`: a template of the site's preview address (docs/preview.md) with
 * `{collection}`, `{uuid}`, `{slug}`, `{locale}` and `{token}` (each replaced URL-encoded).
 * Pure: the server checks it, the editor fills it in.
 */
export const PREVIEW_PLACEHOLDERS = ['collection', 'uuid', 'slug', 'locale', 'token'] as const
export type PreviewValues = Partial<Record<(typeof PREVIEW_PLACEHOLDERS)[number], string>>

/** The template with its placeholders filled in (a missing value: empty). */
export function fillPreviewUrl(template: string, values: PreviewValues): string {
  return template.replace(/\{(collection|uuid|slug|locale|token)\}/g, (_, name: keyof PreviewValues) => encodeURIComponent(values[name] ?? ''))
}

/** Why a template is not usable (a message naming the field), or null when it is. */
export function previewUrlProblem(template: string): string | null {
  if (template.length > 2000) return 'preview_url is longer than 2000 characters.'
  const unknown = /\{([^}]*)\}/.exec(template.replace(/\{(collection|uuid|slug|locale|token)\}/g, ''))
  if (unknown) return `preview_url has an unknown placeholder {${unknown[1]}}: use {collection}, {uuid}, {slug}, {locale} or {token}.`
  let url: URL
  try {
    url = new URL(fillPreviewUrl(template, { collection: 'c', uuid: 'u', slug: 's', locale: 'l', token: 't' }))
  } catch {
    return 'preview_url must be an absolute http(s) address, e.g. http://localhost:4321/preview/{collection}/{uuid}?token={token}.'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'preview_url must start with http:// or https://.'
  // The origin ends up in the editor's Content-Security-Policy: it cannot depend on an entry.
  const other = new URL(fillPreviewUrl(template, { collection: 'd', uuid: 'v', slug: 't', locale: 'm', token: 'u' }))
  if (other.origin !== url.origin) return 'preview_url\'s scheme and host cannot hold a placeholder (the editor allows framing that one origin).'
  return null
}

/** The origin of a usable template (for the editor's frame-src), or null. */
export function previewOrigin(template: string | null | undefined): string | null {
  if (!template || previewUrlProblem(template)) return null
  return new URL(fillPreviewUrl(template, {})).origin
}
