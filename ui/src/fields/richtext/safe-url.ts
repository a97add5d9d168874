/**
 * A link's address as a person types it, made safe to store: http(s), mailto and tel links,
 * and addresses on the same site (`/about`, `#top`, `../x`). A bare domain (`example.com`)
 * becomes https. Anything with another scheme (`javascript:`, `data:`) is refused: undefined.
 */
export function safeLinkUrl(input: string): string | undefined {
  const url = input.trim()
  if (!url) return undefined
  // Browsers ignore control characters and spaces inside a scheme: so do we, before deciding.
  // eslint-disable-next-line no-control-regex
  const squeezed = url.replace(/[\u0000-\u0020\u007f]/g, '')
  if (/^(?:\/|#|\?|\.\.?\/)/.test(squeezed)) return url
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(squeezed)
  if (scheme) return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase()) ? url : undefined
  if (/^[\w-]+(\.[\w-]+)+(?:[/:?#].*)?$/.test(url)) return `https://${url}`
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(url)) return `mailto:${url}`
  return undefined
}
