import { useState } from 'react'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Link, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api, entryPath } from '../../api.ts'
import { useSchema } from '../../schema.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import type { Collection, Field } from '../../types.ts'
import { CollectionDialog, type CollectionDraft } from './CollectionDialog.tsx'
import { FieldDialog, bodyOf, type FieldDraft } from './FieldDialog.tsx'
import { FieldRows } from './FieldRows.tsx'
import { RefusalDialog } from './RefusalDialog.tsx'
import { parseRefusal, type Refusal } from './refusal.ts'
import '../versions/secondary.css'

type Editing =
  | { kind: 'field'; field: Field | null; parent: Field | null }
  | { kind: 'collection'; collection: Collection | null }

/** Types whose values can be counted with a `where[...][not_null]` filter. */
const COUNTABLE = new Set(['text', 'longtext', 'richtext', 'slug', 'email', 'number', 'enumeration', 'boolean', 'color', 'date', 'time', 'media', 'relation'])

/**
 * Collections and their fields. Every change is first sent without `force`: the API refuses a
 * change that existing entries would break (422 listing them) and changes nothing, so the screen
 * shows those entries and applies the change only when the person confirms (`force`).
 */
export default function SchemaScreen() {
  const { can } = useSession()
  const schema = useSchema()
  const qc = useQueryClient()
  const { notify } = useToast()
  const [params, setParams] = useSearchParams()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<{ refusal: Refusal; retry(): Promise<void> } | null>(null)
  const [removing, setRemoving] = useState<{ field: Field; parent: Field | null; count: number | null } | null>(null)
  const [deletingCollection, setDeletingCollection] = useState(false)

  if (!can('admin')) {
    return <div className="screen"><h1>Schema</h1><div className="notice notice-info" role="status">Changing the schema needs a session with the admin ability.</div></div>
  }
  if (schema.isLoading) return <Loading label="Loading the schema" />
  if (schema.error || !schema.data) return <div className="screen"><h1>Schema</h1><ErrorView error={schema.error} /></div>

  const collections = schema.data.collections
  const current = collections.find((c) => c.slug === params.get('c')) ?? collections[0]
  const refresh = () => qc.invalidateQueries({ queryKey: ['schema'] })
  const close = () => { setEditing(null); setErrors({}); setMessage(null) }

  /** Sends a change; a refusal that lists entries opens the confirmation, other 422s show in the form. */
  const send = async (run: (force: boolean) => Promise<void>, done: string) => {
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      await run(false)
      close()
      notify(done, 'success')
      await refresh()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const parsed = parseRefusal({ message: err.message, errors: err.errors })
        if (parsed && parsed.entries.length > 0) {
          setRefusal({
            refusal: parsed,
            retry: async () => {
              setBusy(true)
              try {
                await run(true)
                setRefusal(null)
                close()
                notify(done, 'success')
                await refresh()
              } catch (e) {
                setRefusal(null)
                setMessage(e instanceof ApiError ? e.message : 'The change failed.')
              } finally {
                setBusy(false)
              }
            },
          })
        } else {
          setErrors(parsed?.fieldErrors ?? {})
          setMessage(err.message)
        }
      } else {
        setMessage(err instanceof ApiError ? err.message : 'The change failed.')
      }
    } finally {
      setBusy(false)
    }
  }

  const saveField = (draft: FieldDraft) => {
    if (!current || editing?.kind !== 'field') return
    const { field, parent } = editing
    const body = { ...bodyOf(draft, field), ...(parent && !field ? { parent_field_id: parent.uuid } : {}) }
    const base = `/collections/${encodeURIComponent(current.slug)}/fields`
    void send(
      async (force) => { field ? await api.put(`${base}/${encodeURIComponent(field.uuid)}`, { ...body, force }) : await api.post(base, { ...body, force }) },
      field ? `Field “${draft.label}” saved.` : `Field “${draft.label}” added.`,
    )
  }

  const saveCollection = (draft: CollectionDraft) => {
    if (editing?.kind !== 'collection') return
    const existing = editing.collection
    const body = { name: draft.name.trim(), slug: draft.slug.trim(), is_singleton: draft.is_singleton }
    void send(async (force) => {
      if (existing) await api.put(`/collections/${encodeURIComponent(existing.slug)}`, { ...body, force })
      else await api.post('/collections', body)
      setParams({ c: body.slug }, { replace: true })
    }, existing ? 'Collection saved.' : `Collection “${body.name}” created.`)
  }

  const move = async (field: Field, parent: Field | null, by: -1 | 1) => {
    if (!current || busy) return
    const list = [...(parent ? parent.children ?? [] : current.fields)]
    const i = list.findIndex((f) => f.uuid === field.uuid)
    const j = i + by
    if (j < 0 || j >= list.length) return
    ;[list[i], list[j]] = [list[j]!, list[i]!]
    setBusy(true)
    try {
      await api.post(`/collections/${encodeURIComponent(current.slug)}/fields/reorder`, { fields: list.map((f, order) => ({ uuid: f.uuid, order })) })
      await refresh()
      // Keep the keyboard where it was: the same button on the moved row (the other one at an end).
      requestAnimationFrame(() => {
        const button = (dir: string) => document.querySelector<HTMLButtonElement>(`[aria-label="Move ${CSS.escape(field.label)} ${dir}"]:not(:disabled)`)
        ;(button(by < 0 ? 'up' : 'down') ?? button(by < 0 ? 'down' : 'up'))?.focus()
      })
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'The fields could not be reordered.', 'error')
    } finally {
      setBusy(false)
    }
  }

  const askRemove = async (field: Field, parent: Field | null) => {
    setRemoving({ field, parent, count: null })
    if (!current || parent || !COUNTABLE.has(field.type)) return
    try {
      const { data } = await api.get<{ count: number }>(entryPath(current.slug), { query: { state: 'draft', count: 1, [`where[${field.name}][not_null]`]: 1 } })
      setRemoving((r) => (r && r.field.uuid === field.uuid ? { ...r, count: data.count } : r))
    } catch {
      // The count is a courtesy; the confirmation still says what happens.
    }
  }

  const remove = async () => {
    if (!current || !removing) return
    setBusy(true)
    try {
      await api.delete(`/collections/${encodeURIComponent(current.slug)}/fields/${encodeURIComponent(removing.field.uuid)}`)
      notify(`Field “${removing.field.label}” removed.`, 'success')
      setRemoving(null)
      await refresh()
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'The field could not be removed.', 'error')
    } finally {
      setBusy(false)
    }
  }

  const deleteCollection = async () => {
    if (!current) return
    setBusy(true)
    try {
      await api.delete(`/collections/${encodeURIComponent(current.slug)}`, { body: { slug: current.slug } })
      notify(`Collection “${current.name}” deleted.`, 'success')
      setDeletingCollection(false)
      setParams({}, { replace: true })
      await refresh()
    } catch (err) {
      notify(err instanceof ApiError ? err.message : 'The collection could not be deleted.', 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="screen">
      <ScreenHeader title="Schema" subtitle="Collections and their fields. Changes that existing entries would break are shown before anything changes.">
        <Button onClick={() => setEditing({ kind: 'collection', collection: null })}>New collection</Button>
      </ScreenHeader>
      {collections.length === 0 ? <div className="card empty">No collections yet.</div> : (
        <div className="split">
          <nav aria-label="Collections">
            <ul className="side-list">
              {collections.map((c) => (
                <li key={c.uuid}>
                  <Link className="side-item" to={`/schema?c=${encodeURIComponent(c.slug)}`} aria-current={c.uuid === current?.uuid ? 'page' : undefined}>
                    <span className="side-item-title">{c.name}{c.is_singleton && <span className="version-label">single</span>}</span>
                    <span className="side-item-meta">/{c.slug} · {c.fields.length} {c.fields.length === 1 ? 'field' : 'fields'}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {current && (
            <section className="card schema-panel" aria-labelledby="collection-heading">
              <div className="panel-head">
                <div>
                  <h2 id="collection-heading">{current.name}</h2>
                  <p className="muted"><code>/{current.slug}</code>{current.is_singleton ? ' · single entry per locale' : ''}</p>
                </div>
                <div className="toolbar">
                  <Button variant="primary" onClick={() => setEditing({ kind: 'field', field: null, parent: null })}>Add field</Button>
                  <Button onClick={() => setEditing({ kind: 'collection', collection: current })}>Edit collection</Button>
                  <Button variant="danger" onClick={() => setDeletingCollection(true)}>Delete collection</Button>
                </div>
              </div>
              {current.fields.length === 0 ? <p className="empty">No fields yet. Add the first one.</p> : (
                <ul className="field-rows" aria-label={`Fields of ${current.name}`}>
                  <FieldRows
                    fields={current.fields}
                    parent={null}
                    busy={busy}
                    actions={{
                      onEdit: (field, parent) => setEditing({ kind: 'field', field, parent }),
                      onRemove: (field, parent) => void askRemove(field, parent),
                      onMove: (field, parent, by) => void move(field, parent, by),
                      onAddChild: (group) => setEditing({ kind: 'field', field: null, parent: group }),
                    }}
                  />
                </ul>
              )}
            </section>
          )}
        </div>
      )}

      {editing?.kind === 'field' && current && (
        <FieldDialog
          key={editing.field?.uuid ?? 'new'}
          collection={current}
          field={editing.field}
          parent={editing.parent}
          collections={collections}
          errors={errors}
          message={message}
          busy={busy}
          onClose={close}
          onSave={saveField}
        />
      )}
      {editing?.kind === 'collection' && (
        <CollectionDialog collection={editing.collection} errors={errors} message={message} busy={busy} onClose={close} onSave={saveCollection} />
      )}
      {refusal && current && (
        <RefusalDialog refusal={refusal.refusal} collection={current.slug} busy={busy} onCancel={() => setRefusal(null)} onForce={() => void refusal.retry()} />
      )}
      {removing && (
        <Dialog
          open
          title={`Remove the field “${removing.field.label}”?`}
          onClose={() => setRemoving(null)}
          actions={<><Button onClick={() => setRemoving(null)}>Cancel</Button><Button variant="danger" busy={busy} onClick={() => void remove()}>Remove field</Button></>}
        >
          <p>
            {removing.count === null
              ? 'Its stored values are removed from every entry.'
              : removing.count === 0
                ? 'No entry holds a value in it.'
                : `${removing.count} ${removing.count === 1 ? 'entry holds a value' : 'entries hold values'} in it; those values are removed.`}
          </p>
          <p className="muted">This cannot be undone from the editor; git history keeps the old values.</p>
        </Dialog>
      )}
      {deletingCollection && current && (
        <Dialog
          open
          title={`Delete the collection “${current.name}”?`}
          onClose={() => setDeletingCollection(false)}
          actions={<><Button onClick={() => setDeletingCollection(false)}>Cancel</Button><Button variant="danger" busy={busy} onClick={() => void deleteCollection()}>Delete collection and entries</Button></>}
        >
          <p>Every entry of {current.name} and all their versions are deleted with it. This cannot be undone from the editor (git history keeps them).</p>
        </Dialog>
      )}
    </div>
  )
}
