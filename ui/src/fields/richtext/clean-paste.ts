/**
 * HTML pasted from Word or Google Docs, reduced to its structure before the editor reads it:
 * no comments, styles, classes, ids, `lang`, Office namespaces (`<o:p>`, `<w:…>`, `<v:…>`),
 * conditional comments, `<font>`/`<span>` wrappers or Word's list markers. What the styles
 * meant and the editor can keep (bold, italic, struck text, headings, lists, links, tables'
 * text) stays: a styled span that was bold becomes <strong>, one that was italic <em>.
 */
export function cleanPastedHtml(html: string): string {
  // Word's conditional comments (`<!--[if !supportLists]-->•<!--[endif]-->`) wrap list bullets it also draws as text.
  const source = html
    .replace(/<!--\[if[^]*?(?:<!\[endif\]|<!--\[endif\])-->/gi, '')
    .replace(/<!\[if[^]*?<!\[endif\]>/gi, '')
  const doc = new DOMParser().parseFromString(source, 'text/html')
  const body = doc.body
  // Google Docs wraps the whole paste in <b style="font-weight:normal" id="docs-internal-guid-…">.
  for (const b of [...body.querySelectorAll('b[id^="docs-internal-guid"]')]) unwrap(b)
  removeAll(body, 'style, meta, link, script, title, xml, template, noscript, iframe, object, embed')
  walk(body, doc)
  return body.innerHTML
}

const DROP_ATTRS = new Set(['style', 'class', 'id', 'lang', 'dir', 'align', 'face', 'size', 'color', 'width', 'height', 'border', 'cellpadding', 'cellspacing', 'valign', 'bgcolor'])

function walk(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 8) { child.remove(); continue } // comments
    if (child.nodeType !== 1) continue
    const el = child as Element
    const tag = el.tagName.toLowerCase()
    // Office namespaces: <o:p> (an empty paragraph marker), <w:…>, <v:…>, <m:…>, <st1:…>.
    if (tag.includes(':')) { if (tag === 'o:p') el.remove(); else unwrap(el); continue }
    const style = el.getAttribute('style') ?? ''
    // Word draws list bullets as text in a span with mso-list: Ignore.
    if (/mso-list\s*:\s*ignore/i.test(style)) { el.remove(); continue }
    walk(el, doc)
    if (tag === 'span' || tag === 'font') {
      const wrapped = markFor(style, doc, el)
      if (wrapped) el.replaceWith(wrapped)
      else unwrap(el)
      continue
    }
    for (const name of [...el.getAttributeNames()]) {
      const lower = name.toLowerCase()
      if (DROP_ATTRS.has(lower) || lower.startsWith('data-') || lower.startsWith('on') || lower.includes(':') || lower.startsWith('aria-')) el.removeAttribute(name)
    }
    // Word's paragraphs styled as headings or list items stay paragraphs (the editor has no class for them): nothing to do.
  }
}

/** The semantic marks a styled span stood for, wrapping its children; null when it stood for none. */
function markFor(style: string, doc: Document, el: Element): Element | null {
  const s = style.toLowerCase().replace(/\s+/g, '')
  const marks: string[] = []
  if (/font-weight:(bold|[6-9]00)/.test(s)) marks.push('strong')
  if (/font-style:italic/.test(s)) marks.push('em')
  if (/text-decoration[^;]*line-through/.test(s)) marks.push('s')
  if (marks.length === 0) return null
  const outer = doc.createElement(marks[0]!)
  let inner = outer
  for (const m of marks.slice(1)) { const next = doc.createElement(m); inner.append(next); inner = next }
  inner.append(...el.childNodes)
  return outer
}

function unwrap(el: Element): void {
  el.replaceWith(...el.childNodes)
}

function removeAll(root: Element, selector: string): void {
  for (const el of [...root.querySelectorAll(selector)]) el.remove()
}
