import { useState } from 'react'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field as FormField } from '../../components/Field.tsx'
import type { Collection, Field, FieldType } from '../../types.ts'
import { TYPE_LABELS, nameFromLabel } from './fieldTypes.ts'

export interface FieldDraft {
  label: string; name: string; type: FieldType; description: string; placeholder: string
  required: boolean; unique: boolean; repeatable: boolean; multiple: boolean
  enumList: string; relationTarget: string; slugSource: string; slugReadonly: boolean
  includeTime: boolean; range: boolean; hiddenInAPI: boolean; hideInContentList: boolean
  min: string; max: string
}

function draftOf(f: Field | null): FieldDraft {
  const o = f?.options ?? {}
  const c = f?.validations?.charcount
  return {
    label: f?.label ?? '', name: f?.name ?? '', type: f?.type ?? 'text', description: f?.description ?? '', placeholder: f?.placeholder ?? '',
    required: Boolean(f?.validations?.required?.status), unique: Boolean(f?.validations?.unique?.status),
    repeatable: Boolean(o.repeatable), multiple: Boolean(o.multiple || o.enumeration?.multiple || o.relation?.type === 2 || o.media?.type === 2),
    enumList: (o.enumeration?.list ?? []).join('\n'), relationTarget: o.relation?.collection ?? '', slugSource: o.slug?.field ?? '',
    slugReadonly: Boolean(o.slug?.readonly), includeTime: Boolean(o.includeTime), range: o.mode === 'range',
    hiddenInAPI: Boolean(o.hiddenInAPI), hideInContentList: Boolean(o.hideInContentList),
    min: c?.status && c.min != null ? String(c.min) : '', max: c?.status && c.max != null ? String(c.max) : '',
  }
}

/** The request body for POST/PUT of a field, keeping option keys this form does not show. */
export function bodyOf(d: FieldDraft, existing: Field | null): Record<string, unknown> {
  const options: Record<string, unknown> = { ...(existing?.options ?? {}) }
  options.hiddenInAPI = d.hiddenInAPI
  options.hideInContentList = d.hideInContentList
  if (['text', 'group'].includes(d.type)) options.repeatable = d.repeatable
  if (d.type === 'enumeration') options.enumeration = { list: d.enumList.split('\n').map((s) => s.trim()).filter(Boolean), multiple: d.multiple }
  if (d.type === 'relation') options.relation = { type: d.multiple ? 2 : 1, collection: d.relationTarget || null }
  if (d.type === 'media') { options.media = { type: d.multiple ? 2 : 1 }; options.multiple = d.multiple }
  if (d.type === 'slug') options.slug = { field: d.slugSource || null, readonly: d.slugReadonly }
  if (d.type === 'date') { options.includeTime = d.includeTime; options.mode = d.range ? 'range' : 'single' }
  const hasCount = d.min !== '' || d.max !== ''
  const validations = {
    ...(existing?.validations ?? {}),
    required: { status: d.required, message: existing?.validations?.required?.message ?? null },
    unique: { status: d.unique, message: existing?.validations?.unique?.message ?? null },
    charcount: {
      status: hasCount, type: d.min !== '' && d.max !== '' ? 'Between' : d.min !== '' ? 'Min' : 'Max',
      min: d.min === '' ? null : Number(d.min), max: d.max === '' ? null : Number(d.max), message: existing?.validations?.charcount?.message ?? null,
    },
  }
  return {
    label: d.label.trim(), name: d.name.trim(), type: d.type, description: d.description.trim() || null,
    placeholder: d.placeholder.trim() || null, options, validations,
  }
}

const COUNTED: FieldType[] = ['text', 'longtext', 'richtext', 'slug', 'email', 'password', 'number']

/** Add or edit one field. Saving asks the API first; a refusal comes back to the screen to show. */
export function FieldDialog({ collection, field, parent, collections, errors, message, busy, onClose, onSave }: {
  collection: Collection; field: Field | null; parent: Field | null; collections: Collection[]
  errors: Record<string, string[]>; message: string | null; busy: boolean; onClose(): void; onSave(draft: FieldDraft): void
}) {
  const [d, setD] = useState<FieldDraft>(() => draftOf(field))
  const [nameTouched, setNameTouched] = useState(Boolean(field))
  const set = (patch: Partial<FieldDraft>) => setD((x) => ({ ...x, ...patch }))
  const types = (Object.keys(TYPE_LABELS) as FieldType[]).filter((t) => !parent || (t !== 'group' && t !== 'password'))
  const siblings = (parent ? parent.children ?? [] : collection.fields).filter((f) => f.uuid !== field?.uuid)
  const err = (k: string) => errors[k] ?? errors[`options.${k}`]
  const where = parent ? `the group “${parent.label}”` : collection.name
  return (
    <Dialog
      open
      wide
      title={field ? `Edit field “${field.label}”` : `Add a field to ${where}`}
      onClose={onClose}
      cancel="Cancel"
      actions={<Button variant="primary" busy={busy} onClick={() => onSave(d)}>{field ? 'Save field' : 'Add field'}</Button>}
    >
      <form onSubmit={(e) => { e.preventDefault(); onSave(d) }} aria-label="Field">
        {message && <div className="notice notice-error" role="alert">{message}</div>}
        <div className="form-grid">
          <FormField label="Label" required errors={err('label')}>
            {(p) => <input type="text" {...p} value={d.label} autoFocus maxLength={60} onChange={(e) => set({ label: e.target.value, ...(nameTouched ? {} : { name: nameFromLabel(e.target.value) }) })} />}
          </FormField>
          <FormField label="Name" required errors={err('name')} hint={field ? 'Renaming carries the stored values to the new name.' : 'Lowercase letters, digits, - and _. Values are stored under it.'}>
            {(p) => <input type="text" {...p} value={d.name} maxLength={60} onChange={(e) => { setNameTouched(true); set({ name: e.target.value }) }} />}
          </FormField>
          <FormField label="Type" required errors={err('type')} hint={field ? 'Changing the type is checked against the stored values first.' : undefined}>
            {(p) => (
              <select {...p} value={d.type} onChange={(e) => set({ type: e.target.value as FieldType })}>
                {types.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
              </select>
            )}
          </FormField>
          <FormField label="Placeholder" errors={err('placeholder')}>
            {(p) => <input type="text" {...p} value={d.placeholder} onChange={(e) => set({ placeholder: e.target.value })} />}
          </FormField>
          <FormField label="Help text" errors={err('description')} className="span-2" hint="Shown under the field in the entry form.">
            {(p) => <input type="text" {...p} value={d.description} onChange={(e) => set({ description: e.target.value })} />}
          </FormField>

          {d.type === 'enumeration' && (
            <FormField label="Choices" required errors={err('enumeration.list')} className="span-2" hint="One per line.">
              {(p) => <textarea {...p} rows={4} value={d.enumList} onChange={(e) => set({ enumList: e.target.value })} />}
            </FormField>
          )}
          {d.type === 'relation' && (
            <FormField label="Related collection" required errors={err('relation.collection')}>
              {(p) => (
                <select {...p} value={d.relationTarget} onChange={(e) => set({ relationTarget: e.target.value })}>
                  <option value="">Choose a collection</option>
                  {collections.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
                </select>
              )}
            </FormField>
          )}
          {d.type === 'slug' && (
            <FormField label="Made from field" errors={err('slug.field')} hint="The slug follows this field until someone edits it.">
              {(p) => (
                <select {...p} value={d.slugSource} onChange={(e) => set({ slugSource: e.target.value })}>
                  <option value="">None</option>
                  {siblings.filter((f) => f.type === 'text').map((f) => <option key={f.uuid} value={f.name}>{f.label}</option>)}
                </select>
              )}
            </FormField>
          )}
          {COUNTED.includes(d.type) && (
            <div className="inline span-2">
              <FormField label={d.type === 'number' ? 'Minimum value' : 'Minimum length'} errors={err('validations.charcount.min')} className="grow">
                {(p) => <input type="number" min={0} {...p} value={d.min} onChange={(e) => set({ min: e.target.value })} />}
              </FormField>
              <FormField label={d.type === 'number' ? 'Maximum value' : 'Maximum length'} errors={err('validations.charcount.max')} className="grow">
                {(p) => <input type="number" min={0} {...p} value={d.max} onChange={(e) => set({ max: e.target.value })} />}
              </FormField>
            </div>
          )}

          <fieldset className="field span-2">
            <legend className="field-label">Rules and options</legend>
            <div className="checks">
              <label className="check"><input type="checkbox" checked={d.required} onChange={(e) => set({ required: e.target.checked })} />Required</label>
              {d.type !== 'group' && d.type !== 'boolean' && <label className="check"><input type="checkbox" checked={d.unique} onChange={(e) => set({ unique: e.target.checked })} />Unique</label>}
              {(d.type === 'text' || d.type === 'group') && <label className="check"><input type="checkbox" checked={d.repeatable} onChange={(e) => set({ repeatable: e.target.checked })} />Repeatable</label>}
              {['enumeration', 'relation', 'media'].includes(d.type) && <label className="check"><input type="checkbox" checked={d.multiple} onChange={(e) => set({ multiple: e.target.checked })} />Allow several</label>}
              {d.type === 'slug' && <label className="check"><input type="checkbox" checked={d.slugReadonly} onChange={(e) => set({ slugReadonly: e.target.checked })} />Read-only</label>}
              {d.type === 'date' && <label className="check"><input type="checkbox" checked={d.includeTime} onChange={(e) => set({ includeTime: e.target.checked })} />With time</label>}
              {d.type === 'date' && <label className="check"><input type="checkbox" checked={d.range} onChange={(e) => set({ range: e.target.checked })} />Date range</label>}
              <label className="check"><input type="checkbox" checked={d.hideInContentList} onChange={(e) => set({ hideInContentList: e.target.checked })} />Hide in entry lists</label>
              <label className="check"><input type="checkbox" checked={d.hiddenInAPI} onChange={(e) => set({ hiddenInAPI: e.target.checked })} />Hide from the API</label>
            </div>
          </fieldset>
        </div>
      </form>
    </Dialog>
  )
}
