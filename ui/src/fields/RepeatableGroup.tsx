import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react'
import { Button } from '../components/Button.tsx'
import type { Field } from '../types.ts'
import { valuesToForm, type Values } from '../values.ts'
import './repeatable-group.css'
import { singularize } from '../schema.ts'

interface Props {
  field: Field
  items: Values[]
  onChange(items: Values[]): void
  /** Error keys (`data.sections.1.heading`) by path, to open an item that has one. */
  errors: Record<string, string[]>
  path: string
  readOnly?: boolean
  /** The item's fields (FieldInput for each child), given its value and how to change it. */
  renderFields(item: Values, index: number, onItemChange: (item: Values) => void): ReactNode
}

const TEXT_TYPES = ['text', 'slug', 'email', 'longtext', 'richtext']

/** An item's summary line: its first text field's words ("Getting started"), tags stripped, shortened. */
export function itemSummary(field: Field, item: Values): string {
  const children = field.children ?? []
  const first = children.find((c) => c.type === 'text') ?? children.find((c) => TEXT_TYPES.includes(c.type))
  const raw = first ? item[first.name] : undefined
  const text = typeof raw === 'string' ? raw.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim() : ''
  return text.length > 70 ? `${text.slice(0, 69)}…` : text
}

/**
 * A repeatable group's items: each with a summary line (its first text field), collapsible,
 * moved by dragging its handle (pointer events: mouse, pen and touch alike) or from the
 * keyboard (Alt+Arrow Up/Down on the handle, announced), removed by its button.
 */
export function RepeatableGroup({ field, items, onChange, errors, path, readOnly, renderFields }: Props) {
  const children = field.children ?? []
  // Stable keys so moving an item keeps its inputs (and open/closed state) with it.
  const [keys, setKeys] = useState<number[]>(() => items.map((_, i) => i))
  const [nextKey, setNextKey] = useState(items.length)
  const k = keys.length === items.length ? keys : items.map((_, i) => i)
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set())
  const [announcement, setAnnouncement] = useState('')
  const [drag, setDrag] = useState<{ from: number; to: number; dy: number } | null>(null)
  const handles = useRef(new Map<number, HTMLButtonElement>())
  const itemEls = useRef(new Map<number, HTMLDivElement>())
  const refocus = useRef<number | null>(null)
  const helpId = useId()
  const baseId = useId()

  // React moves a keyed element to reorder, which drops focus: give it back to the moved handle.
  useEffect(() => {
    if (refocus.current === null) return
    handles.current.get(refocus.current)?.focus()
    refocus.current = null
  })

  const nameOf = (item: Values, i: number) => itemSummary(field, item) || `item ${i + 1}`

  function move(from: number, to: number, announce: boolean) {
    if (to < 0 || to >= items.length || to === from) return
    const next = [...items]; const [it] = next.splice(from, 1); next.splice(to, 0, it!)
    const nk = [...k]; const [kk] = nk.splice(from, 1); nk.splice(to, 0, kk!)
    setKeys(nk)
    refocus.current = kk!
    onChange(next)
    if (announce) setAnnouncement(`Moved “${nameOf(it!, from)}” to position ${to + 1} of ${items.length}.`)
  }

  function onHandleKey(e: KeyboardEvent, i: number) {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
    e.preventDefault()
    move(i, e.key === 'ArrowUp' ? i - 1 : i + 1, true)
  }

  // Dragging: the handle captures the pointer; the item follows it, the others show where it lands.
  function onPointerDown(e: ReactPointerEvent<HTMLButtonElement>, i: number) {
    if (readOnly || (e.pointerType === 'mouse' && e.button !== 0)) return
    e.currentTarget.setPointerCapture(e.pointerId)
    const startY = e.clientY
    const rects = k.map((key) => itemEls.current.get(key)?.getBoundingClientRect())
    const handle = e.currentTarget
    let moved = false
    let to = i
    const onMove = (ev: PointerEvent) => {
      const dy = ev.clientY - startY
      if (!moved && Math.abs(dy) < 4) return
      moved = true
      const y = ev.clientY
      to = i
      for (let j = 0; j < rects.length; j++) {
        const r = rects[j]
        if (!r || j === i) continue
        const mid = r.top + r.height / 2
        if (j < i && y < mid) { to = j; break }
        if (j > i && y > mid) to = j
      }
      setDrag({ from: i, to, dy })
    }
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove)
      handle.removeEventListener('pointerup', onUp)
      handle.removeEventListener('pointercancel', onUp)
      setDrag(null)
      if (moved && to !== i) move(i, to, true)
    }
    handle.addEventListener('pointermove', onMove)
    handle.addEventListener('pointerup', onUp)
    handle.addEventListener('pointercancel', onUp)
  }

  const hasErrors = (i: number) => Object.keys(errors).some((key) => key.startsWith(`${path}.${i}.`))
  const allCollapsed = items.length > 0 && k.every((key) => collapsed.has(key))

  return (
    <div className="repeat-group">
      <p id={helpId} className="visually-hidden">Drag the handle to move the item, or press Alt and the Up or Down arrow.</p>
      <div className="visually-hidden" role="status" aria-live="polite">{announcement}</div>
      {items.length > 1 && (
        <div className="repeat-group-tools">
          <Button size="small" variant="ghost" onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(k))}>{allCollapsed ? 'Expand all' : 'Collapse all'}</Button>
        </div>
      )}
      {items.map((item, i) => {
        const key = k[i]!
        const summary = itemSummary(field, item)
        const open = !collapsed.has(key) || hasErrors(i)
        const bodyId = `${baseId}-${key}`
        const dragging = drag?.from === i
        const dropMark = drag && !dragging && drag.to === i ? (drag.to < drag.from ? ' drop-before' : ' drop-after') : ''
        return (
          <div
            className={`repeat-item${dragging ? ' dragging' : ''}${dropMark}`}
            key={key}
            ref={(el) => { if (el) itemEls.current.set(key, el); else itemEls.current.delete(key) }}
            style={dragging ? { transform: `translateY(${drag.dy}px)` } : undefined}
            role="group"
            aria-label={`${singularize(field.label)} ${i + 1} of ${items.length}${summary ? `: ${summary}` : ''}`}
          >
            <div className="repeat-item-head">
              {!readOnly && (
                <button
                  type="button"
                  className="repeat-handle"
                  ref={(el) => { if (el) handles.current.set(key, el); else handles.current.delete(key) }}
                  aria-label={`Move ${nameOf(item, i)} (position ${i + 1} of ${items.length})`}
                  aria-describedby={helpId}
                  onKeyDown={(e) => onHandleKey(e, i)}
                  onPointerDown={(e) => onPointerDown(e, i)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
              )}
              <button type="button" className="repeat-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setCollapsed((c) => { const n = new Set(c); if (n.has(key)) n.delete(key); else n.add(key); return n })}>
                <span className="repeat-index">{i + 1}.</span>
                <span className={summary ? 'repeat-summary' : 'repeat-summary muted'}>{summary || 'No title yet'}</span>
                <span className="repeat-chevron" aria-hidden="true">{open ? '▾' : '▸'}</span>
              </button>
              {!readOnly && (
                <Button size="small" variant="danger" aria-label={`Remove ${nameOf(item, i)}`} onClick={() => { setKeys(k.filter((_, j) => j !== i)); onChange(items.filter((_, j) => j !== i)) }}>Remove</Button>
              )}
            </div>
            <div id={bodyId} className="repeat-item-body" hidden={!open}>
              {renderFields(item, i, (next) => onChange(items.map((it, j) => (j === i ? next : it))))}
            </div>
          </div>
        )
      })}
      {!readOnly && (
        <Button size="small" onClick={() => { setKeys([...k, nextKey]); setNextKey(nextKey + 1); onChange([...items, valuesToForm(children, {})]) }}>
          Add {singularize(field.label).toLowerCase()}
        </Button>
      )}
    </div>
  )
}
