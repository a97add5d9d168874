import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import { useSchema } from '../../schema.ts'
import { EVENTS, SOURCES, type Webhook } from './webhooksApi.ts'

interface FormState {
  name: string; url: string; description: string; events: string[]; sources: string[]; collection_ids: string[]
  secret: string; clearSecret: boolean; payload: boolean; status: boolean
}

const initial = (w: Webhook | null): FormState => ({
  name: w?.name ?? '', url: w?.url ?? '', description: w?.description ?? '',
  events: w?.events ?? ['content.published', 'content.unpublished', 'content.deleted'],
  sources: w?.sources ?? ['api', 'cli', 'file', 'schedule'], collection_ids: w?.collection_ids ?? [],
  secret: '', clearSecret: false, payload: w?.payload ?? true, status: w?.status ?? true,
})

const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value))

/** Create or edit a webhook; the server's 422 messages show under the fields they name. */
export function WebhookForm({ webhook, onClose, onSaved }: { webhook: Webhook | null; onClose(): void; onSaved(w: Webhook): void }) {
  const schema = useSchema()
  const qc = useQueryClient()
  const [form, setForm] = useState<FormState>(() => initial(webhook))
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }))

  const save = async () => {
    setBusy(true)
    setErrors({})
    setMessage(null)
    const body: Record<string, unknown> = {
      name: form.name.trim(), url: form.url.trim(), description: form.description.trim() || null,
      events: form.events, sources: form.sources, collection_ids: form.collection_ids, payload: form.payload, status: form.status,
    }
    if (form.secret) body.secret = form.secret
    else if (form.clearSecret) body.secret = null
    try {
      const { data } = webhook
        ? await api.put<Webhook>(`/webhooks/${encodeURIComponent(webhook.uuid)}`, body)
        : await api.post<Webhook>('/webhooks', body)
      await qc.invalidateQueries({ queryKey: ['webhooks'] })
      onSaved(data)
    } catch (err) {
      if (err instanceof ApiError) { setErrors(err.errors); setMessage(err.message) } else setMessage('The webhook could not be saved.')
    } finally {
      setBusy(false)
    }
  }

  const err = (key: string) => errors[key] ?? Object.entries(errors).filter(([k]) => k.startsWith(`${key}.`)).flatMap(([, v]) => v)
  return (
    <Dialog
      open
      wide
      title={webhook ? `Edit “${webhook.name}”` : 'New webhook'}
      onClose={onClose}
      actions={<>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" busy={busy} onClick={() => void save()}>{webhook ? 'Save webhook' : 'Create webhook'}</Button>
      </>}
    >
      <form onSubmit={(e) => { e.preventDefault(); void save() }} aria-label="Webhook">
        {message && <div className="notice notice-error" role="alert">{message}</div>}
        <div className="form-grid">
          <Field label="Name" required errors={err('name')}>
            {(p) => <input type="text" {...p} value={form.name} onChange={(e) => set({ name: e.target.value })} autoFocus />}
          </Field>
          <Field label="URL" required errors={err('url')} hint="The receiver’s address. Deliveries are POST requests with a JSON body.">
            {(p) => <input type="url" {...p} value={form.url} placeholder="https://example.com/hooks/cms" onChange={(e) => set({ url: e.target.value })} />}
          </Field>
          <Field label="Description" errors={err('description')} className="span-2">
            {(p) => <input type="text" {...p} value={form.description} onChange={(e) => set({ description: e.target.value })} />}
          </Field>
          <Field label="Events" asGroup required errors={err('events')} className="span-2">
            {() => (
              <div className="checks">
                {EVENTS.map((ev) => (
                  <label key={ev} className="check"><input type="checkbox" checked={form.events.includes(ev)} onChange={(e) => set({ events: toggle(form.events, ev, e.target.checked) })} />{ev}</label>
                ))}
              </div>
            )}
          </Field>
          <Field label="Sources" asGroup required errors={err('sources')} hint="Which kinds of change trigger it.">
            {() => (
              <div className="checks checks-column">
                {SOURCES.map(([value, label]) => (
                  <label key={value} className="check"><input type="checkbox" checked={form.sources.includes(value)} onChange={(e) => set({ sources: toggle(form.sources, value, e.target.checked) })} />{label}</label>
                ))}
              </div>
            )}
          </Field>
          <Field label="Collections" asGroup errors={err('collection_ids')} hint="None ticked: every collection.">
            {() => (
              <div className="checks checks-column">
                {(schema.data?.collections ?? []).map((c) => (
                  <label key={c.uuid} className="check"><input type="checkbox" checked={form.collection_ids.includes(c.uuid)} onChange={(e) => set({ collection_ids: toggle(form.collection_ids, c.uuid, e.target.checked) })} />{c.name}</label>
                ))}
              </div>
            )}
          </Field>
          <Field
            label="Signing secret"
            errors={err('secret')}
            hint={webhook?.has_secret ? 'A secret is set. Type a new one to replace it, or leave this empty to keep it.' : '6 to 255 characters. Deliveries are signed with it (Standard Webhooks).'}
          >
            {(p) => <input type="password" autoComplete="new-password" {...p} value={form.secret} onChange={(e) => set({ secret: e.target.value, clearSecret: false })} />}
          </Field>
          <div className="field">
            <span className="field-label">Options</span>
            <label className="check"><input type="checkbox" checked={form.status} onChange={(e) => set({ status: e.target.checked })} />Active</label>
            <label className="check"><input type="checkbox" checked={form.payload} onChange={(e) => set({ payload: e.target.checked })} />Send the entry’s content with each event</label>
            {webhook?.has_secret && (
              <label className="check"><input type="checkbox" checked={form.clearSecret} disabled={Boolean(form.secret)} onChange={(e) => set({ clearSecret: e.target.checked })} />Remove the secret (deliveries unsigned)</label>
            )}
          </div>
        </div>
      </form>
    </Dialog>
  )
}
