import { useEffect, useId, useState } from 'react'
import { useQuery, keepPreviousData } from '@tanstack/react-query'
import { api, entryPath } from '../api.ts'
import { titleField, useSchema } from '../schema.ts'
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
  const ref = field.options?.relation?.collection ?? ''
  const target = schema.data?.collections.find((c) => c.slug === ref || c.uuid === ref || c.name === ref)
  const multiple = isMultiple(field)
  const selected: string[] = multiple ? ((value as string[]) ?? []) : value ? [value as string] : []
  const [search, setSearch] = useState('')
  const [debounced, setDebounced] = useState('')
  const [open, setOpen] = useState(false)
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
  }
  function remove(uuid: string) {
    onChange(multiple ? selected.filter((u) => u !== uuid) : null)
  }

  if (!target) return <p className="field-hint">Related collection <code>{ref}</code> is not in the schema.</p>
  const options = (results.data ?? []).filter((e) => !selected.includes(e.uuid))
  return (
    <div>
      {selected.length > 0 && (
        <ul className="chips" aria-label={`Selected ${field.label}`}>
          {selected.map((u) => (
            <li key={u} className="chip">
              <span>{labels.data?.[u] ?? (labels.isLoading ? '…' : 'Missing entry')}</span>
              {!readOnly && <button type="button" aria-label={`Remove ${labels.data?.[u] ?? u} from ${field.label}`} onClick={() => remove(u)}>×</button>}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <>
          <input
            type="search"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            {...controlProps}
            aria-labelledby={multiple ? labelId : undefined}
            placeholder={!multiple && selected.length ? `Replace with another ${target.name} entry` : `Search ${target.name}`}
            value={search}
            onFocus={() => setOpen(true)}
            onChange={(e) => { setSearch(e.target.value); setOpen(true) }}
            onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false) }}
          />
          {open && (
            <ul className="picker-results" id={listId} aria-label={`${target.name} matching`}>
              {results.isLoading && <li className="muted" style={{ padding: '0.4rem 0.6rem' }}>Searching…</li>}
              {!results.isLoading && options.length === 0 && <li className="muted" style={{ padding: '0.4rem 0.6rem' }}>No matching entries.</li>}
              {options.map((e) => (
                <li key={e.uuid}>
                  <button type="button" onClick={() => pick(e.uuid)}>{entryLabel(target, e)} <span className="muted">· {e.locale}</span></button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
