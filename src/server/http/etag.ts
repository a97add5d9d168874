/** `If-None-Match`: `*` or a comma list of (possibly weak) tags; compared weakly, as RFC 9110 says for GET. */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  for (const tag of header.split(',')) {
    const t = tag.trim()
    if ((t.startsWith('W/') ? t.slice(2) : t) === etag) return true
  }
  return false
}
