import './search.css'
import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useNavigate } from 'react-router'
import { useSchema } from '../schema.ts'
import { useSession } from '../session.tsx'
import { useGlobalSearch } from './searchApi.ts'

interface Target { label: string; detail: string; to: string }

/**
 * Ctrl-K / ⌘-K: one box that jumps to any entry (full-text search across collections), any
 * collection or any screen. Arrow keys move, Enter opens, Escape closes.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const navigate = useNavigate()
  const schema = useSchema()
  const { can } = useSession()
  const input = useRef<HTMLInputElement>(null)
  const hits = useGlobalSearch(query)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') { e.preventDefault(); setOpen(true) }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  useEffect(() => { if (open) input.current?.focus() }, [open])
  useEffect(() => { const t = setTimeout(() => setQuery(text), 200); return () => clearTimeout(t) }, [text])

  const lower = text.trim().toLowerCase()
  const names = new Map(schema.data?.collections.map((c) => [c.slug, c.name]) ?? [])
  const screens: Target[] = [
    { label: 'Home', detail: 'Screen', to: '/' }, { label: 'Media', detail: 'Screen', to: '/media' },
    ...(can('admin') ? [{ label: 'Webhooks', detail: 'Screen', to: '/webhooks' }, { label: 'Schema', detail: 'Screen', to: '/schema' }, { label: 'Changes', detail: 'Screen', to: '/changes' }, { label: 'Outbox', detail: 'Screen', to: '/outbox' }] : []),
  ]
  const places: Target[] = lower === '' ? [] : [
    ...(schema.data?.collections ?? []).map((c) => ({ label: c.name, detail: 'Collection', to: `/c/${encodeURIComponent(c.slug)}` })),
    ...screens,
  ].filter((t) => t.label.toLowerCase().includes(lower))
  const entries: Target[] = (query === text ? hits.data ?? [] : []).map((h) => ({
    label: h.title, detail: `${names.get(h.collection) ?? h.collection} · ${h.locale}`, to: `/c/${encodeURIComponent(h.collection)}/${h.uuid}`,
  }))
  const targets = [...places, ...entries]

  function go(t: Target | undefined) {
    if (!t) return
    setOpen(false)
    setText('')
    navigate(t.to)
  }

  if (!open) return <button type="button" className="btn btn-ghost btn-small global-search-open" onClick={() => setOpen(true)}>Search <kbd>Ctrl K</kbd></button>
  // On the page's body: the sidebar it is opened from is a stacking context of its own.
  return createPortal(
    <div className="global-search-backdrop" onClick={() => setOpen(false)}>
      <div className="global-search" role="dialog" aria-modal="true" aria-label="Go to" onClick={(e) => e.stopPropagation()}>
        <input
          ref={input} type="search" value={text} placeholder="Find an entry, a collection or a screen"
          role="combobox" aria-expanded="true" aria-controls="global-search-results" aria-activedescendant={targets[active] ? `gs-${active}` : undefined}
          onChange={(e) => { setText(e.target.value); setActive(0) }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false)
            else if (e.key === 'ArrowDown') { e.preventDefault(); setActive((a) => Math.min(a + 1, targets.length - 1)) }
            else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)) }
            else if (e.key === 'Enter') go(targets[active])
          }}
        />
        <ul id="global-search-results" role="listbox" aria-label="Results">
          {targets.map((t, i) => (
            <li key={`${t.to}`} id={`gs-${i}`} role="option" aria-selected={i === active} className={i === active ? 'active' : ''} onMouseEnter={() => setActive(i)} onClick={() => go(t)}>
              <span className="gs-label">{t.label}</span> <span className="gs-detail">{t.detail}</span>
            </li>
          ))}
          {lower !== '' && query === text && !hits.isFetching && targets.length === 0 && <li className="muted">Nothing found</li>}
        </ul>
      </div>
    </div>,
    document.body,
  )
}
