import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useQuery, keepPreviousData } from '@tanstack/react-query'
import { api, entryPath } from '../api.ts'
import { singularName, titleField, useSchema } from '../schema.ts'
import { useSignedIn } from '../session.tsx'
import type { Collection, Entry, Field, Paginated } from '../types.ts'
import { isMultiple } from '../values.ts'
import { summarize } from '../format.ts'

interface Props {
  field: Field
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
  controlProps: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean | undefined }
  labelId: string
}

function entryLabel(target: Collection | undefined, e: Entry): string {
  const tf = target ? titleField(target) : undefined
  return (tf && summarize(e.fields[tf.name], 60)) || summarize(e.fields, 60) || e.uuid
}

/** A searchable picker over the target collection (drafts included); one or many entries. */
export function RelationInput({ field, value, onChange, readOnly, controlProps, labelId }: Props) {
  const schema = useSchema()
  const multiLocale = useSignedIn().project.locales.length > 1
  const ref = field.options?.relation?.collection ?? ''
  const target = schema.data?.collections.find((c) => c.slug === ref || c.uuid === ref || c.name === ref)
  const multiple = isMultiple(field)
  const selected: string[] = multiple ? ((value as string[]) ?? []) : value ? [value as string] : []
  const [search, setSearch] = useState('')
  const [debounced, setDebounced] = useState('')
  const [open, setOpen] = useState(false)
  // The option ArrowUp/ArrowDown highlighted (aria-activedescendant); -1: none.
  const [active, setActive] = useState(-1)
  const listId = useId()
  useEffect(() => { const t = setTimeout(() => setDebounced(search), 200); return () => clearTimeout(t) }, [search])

  const tf = target ? titleField(target) : undefined
  const results = useQuery({
    queryKey: ['entries', target?.slug, 'picker', debounced],
    enabled: Boolean(target) && open,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query: Record<string, string> = { state: 'draft', paginate: '10' }
      if (debounced && tf) query[`where[${tf.name}][like]`] = debounced
      else if (debounced) query['where[uuid][like]'] = debounced
      return (await api.get<Paginated<Entry>>(entryPath(target!.slug), { query, signal })).data.data
    },
  })
  const labels = useQuery({
    queryKey: ['entries', target?.slug, 'labels', selected],
    enabled: Boolean(target) && selected.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const q = new URLSearchParams({ state: 'draft', paginate: String(Math.max(1, selected.length)), 'where[uuid][in]': selected.join(',') })
      const list = (await api.get<Paginated<Entry>>(entryPath(target!.slug), { query: q, signal })).data.data
      return Object.fromEntries(list.map((e) => [e.uuid, entryLabel(target, e)]))
    },
  })

  function pick(uuid: string) {
    if (multiple) { if (!selected.includes(uuid)) onChange([...selected, uuid]) } else onChange(uuid)
    setSearch('')
    setOpen(false)
    setActive(-1)
  }
  function remove(uuid: string) {
    onChange(multiple ? selected.filter((u) => u !== uuid) : null)
  }

  if (!target) return <p className="field-hint">Related collection <code>{ref}</code> is not in the schema.</p>
  const options = (results.data ?? []).filter((e) => !selected.includes(e.uuid))
  const optionId = (i: number) => `${listId}-o${i}`
  const current = open && active >= 0 && active < options.length ? active : -1

  /** The WAI-ARIA combobox keys; Enter never reaches the form (it would save the entry). */
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) { setOpen(true); setActive(e.key === 'ArrowDown' ? 0 : options.length - 1); return }
      if (options.length === 0) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      if (current >= 0) pick(options[current]!.uuid)
      else if (open && options.length === 1) pick(options[0]!.uuid)
    } else if (e.key === 'Escape') {
      if (open) { e.preventDefault(); e.stopPropagation(); setOpen(false); setActive(-1) }
    } else if (e.key === 'Home' || e.key === 'End') {
      // Left to the text box (caret), as the pattern allows.
    }
  }

  return (
    <div className="relation-input">
      {selected.length > 0 && (
        <ul className="chips" aria-label={`Selected ${field.label}`}>
          {selected.map((u) => (
            <li key={u} className="chip">
              <span>{labels.data?.[u] ?? (labels.isLoading ? '…' : 'Missing entry')}</span>
              {!readOnly && <button type="button" aria-label={`Remove ${labels.data?.[u] ?? 'entry'} from ${field.label}`} onClick={() => remove(u)}>×</button>}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <>
          <input
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            autoComplete="off"
            {...controlProps}
            aria-labelledby={multiple ? labelId : undefined}
            placeholder={!multiple && selected.length ? `Replace with another ${singularName(target).toLowerCase()}` : `Search ${target.name.toLowerCase()}`}
            value={search}
            onFocus={() => setOpen(true)}
            onBlur={() => { setOpen(false); setActive(-1) }}
            onChange={(e) => { setSearch(e.target.value); setOpen(true); setActive(-1) }}
            onKeyDown={onKeyDown}
          />
          {open && (results.isLoading || options.length === 0) && (
            <div className="picker-results muted picker-note" role="status">{results.isLoading ? 'Searching…' : 'No matching entries.'}</div>
          )}
          <ul className="picker-results" id={listId} role="listbox" aria-label={`${target.name} matching`} hidden={!open || options.length === 0}>
            {open && options.map((e, i) => (
              <li
                key={e.uuid}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                // mousedown, not click: the text box must not lose focus (and close the list) first.
                onMouseDown={(ev) => { ev.preventDefault(); pick(e.uuid) }}
                onMouseMove={() => { if (i !== current) setActive(i) }}
              >
                {entryLabel(target, e)} {multiLocale && <span className="muted">· {e.locale}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
