/**
 * Rich text written through the API must not carry script: sites put the stored HTML into their
 * pages as it is. Refused: script-running elements (`script`, `iframe`, `object`, `embed`, and
 * `base`, `meta`, `form`), event-handler attributes (`onclick=`), and URLs with a script scheme
 * (`javascript:`, `vbscript:`, `data:text/html`) in a link, an image or a Markdown link, however
 * their characters are encoded. Everything the editor writes passes: paragraphs, headings,
 * lists, quotes, code, rules, links (`href`, `target`, `rel`) and images (`src`, `alt`).
 * A check, not a cleaner: a refused value is a 422 naming the field, and nothing is rewritten.
 */
export function isSafeRichText(value: string): boolean {
  if (!value.includes('<') && !value.includes(':')) return true
  const text = decodeEntities(value)
  if (DANGEROUS_ELEMENT.test(text)) return false
  for (const tag of text.matchAll(TAG)) {
    const attrs = tag[1] ?? ''
    for (const a of attrs.matchAll(ATTRIBUTE)) {
      const name = a[1]!.toLowerCase()
      if (name.startsWith('on')) return false
      if (URL_ATTRIBUTES.has(name) && hasScriptScheme(a[2] ?? a[3] ?? a[4] ?? '')) return false
    }
  }
  // Markdown links and images: `[text](javascript:...)`.
  for (const m of text.matchAll(MARKDOWN_URL)) if (hasScriptScheme(m[1]!)) return false
  return true
}

const DANGEROUS_ELEMENT = /<\s*\/?\s*(?:script|iframe|frame|frameset|object|embed|applet|base|meta|form|svg|math)\b/i
const TAG = /<\s*[a-z][\w:-]*((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?\s*>/gi
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'cite'])
const MARKDOWN_URL = /\]\(\s*<?([^)\s>]+)/g

/** Whether a URL starts with a script scheme once spaces and control characters are removed (as browsers do). */
function hasScriptScheme(url: string): boolean {
  const plain = url.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, '').toLowerCase()
  return plain.startsWith('javascript:') || plain.startsWith('vbscript:') || plain.startsWith('data:text/html') || plain.startsWith('data:image/svg')
}

/** Numeric and the few named character references that could spell a scheme or a tag. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(colon|tab|newline|lt|gt|quot|apos|amp));?/gi, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED[name!.toLowerCase()] ?? whole
  })
}

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }
