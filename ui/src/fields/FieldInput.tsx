import { lazy, Suspense } from 'react'
import { Field as FieldBox } from '../components/Field.tsx'
import { Button } from '../components/Button.tsx'
import type { Field } from '../types.ts'
import { isMultiple, isRepeatable, jsonError, valuesToForm, type Values } from '../values.ts'
import { RelationInput } from './RelationInput.tsx'
import { MediaInput } from './MediaInput.tsx'
import { RepeatableGroup } from './RepeatableGroup.tsx'
import { singularize } from '../schema.ts'

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'))

export interface FieldInputProps {
  field: Field
  value: unknown
  onChange(value: unknown): void
  /** Error messages for this field and anything under it, keyed as the server sends them. */
  errors: Record<string, string[]>
  /** `data.title`, `data.seo.description`, `data.blocks.2.heading`. */
  path: string
  readOnly?: boolean
  /** Slug fields: the value of their source field, and whether the person typed the slug. */
  locale?: string
}

/** Errors at this path, and (for list items) those under it. */
function errorsAt(errors: Record<string, string[]>, path: string, deep = false): string[] {
  const out: string[] = []
  for (const [k, v] of Object.entries(errors)) if (k === path || (deep && k.startsWith(`${path}.`))) out.push(...v)
  return out
}

function charHint(field: Field, value: unknown): string | undefined {
  const cc = field.validations?.charcount
  if (!cc?.status) return undefined
  const len = typeof value === 'string' ? [...value].length : 0
  const unit = field.type === 'number' ? '' : ' characters'
  if (field.type === 'number') {
    if (cc.type === 'Min') return `At least ${cc.min}`
    if (cc.type === 'Max') return `At most ${cc.max}`
    return `Between ${cc.min} and ${cc.max}`
  }
  if (cc.type === 'Min') return `${len}${unit} (at least ${cc.min})`
  if (cc.type === 'Max') return `${len} / ${cc.max}${unit}`
  return `${len}${unit} (between ${cc.min} and ${cc.max})`
}

/** One field of the entry form, chosen by the field's type. */
export function FieldInput({ field, value, onChange, errors, path, readOnly }: FieldInputProps) {
  const required = Boolean(field.validations?.required?.status)
  const ownErrors = errorsAt(errors, path, field.type !== 'group')
  const common = { label: field.label, required, errors: ownErrors, description: field.description }
  const placeholder = field.placeholder ?? undefined

  if (field.type === 'group') return <GroupInput field={field} value={value} onChange={onChange} errors={errors} path={path} readOnly={readOnly} />

  if (isRepeatable(field) && ['text', 'longtext', 'email', 'number', 'color', 'slug', 'date', 'time'].includes(field.type)) {
    return (
      <FieldBox {...common} asGroup>
        {() => <RepeatableScalar field={field} value={(value as string[]) ?? []} onChange={onChange} readOnly={readOnly} />}
      </FieldBox>
    )
  }

  switch (field.type) {
    case 'text':
    case 'email':
    case 'slug':
      return (
        <FieldBox {...common} hint={field.type === 'slug' ? slugHint(field) ?? charHint(field, value) : charHint(field, value)}>
          {(p) => (
            <input
              type={field.type === 'email' ? 'email' : 'text'}
              {...p}
              value={String(value ?? '')}
              placeholder={placeholder}
              readOnly={readOnly || (field.type === 'slug' && Boolean(field.options?.slug?.readonly))}
              spellCheck={field.type === 'text'}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </FieldBox>
      )
    case 'longtext':
      return (
        <FieldBox {...common} hint={charHint(field, value)}>
          {(p) => <textarea {...p} value={String(value ?? '')} placeholder={placeholder} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    case 'richtext':
      return (
        <FieldBox {...common} hint={charHint(field, value)}>
          {(p, { labelId }) => (
            <Suspense fallback={<textarea {...p} value={String(value ?? '')} readOnly aria-busy="true" />}>
              <RichTextEditor id={p.id} labelId={labelId} describedBy={p['aria-describedby']} invalid={p['aria-invalid']} value={String(value ?? '')} onChange={onChange} readOnly={readOnly} />
            </Suspense>
          )}
        </FieldBox>
      )
    case 'password':
      return (
        <FieldBox {...common} required={false} hint="Write-only: the current password is never shown. Leave empty to keep it.">
          {(p) => <input type="password" autoComplete="new-password" {...p} value={String(value ?? '')} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    case 'number':
      return (
        <FieldBox {...common} hint={charHint(field, value)}>
          {(p) => <input type="number" step="any" inputMode="decimal" {...p} value={String(value ?? '')} placeholder={placeholder} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    case 'enumeration': {
      const list = (field.options?.enumeration?.list ?? []).map(String)
      if (isMultiple(field)) {
        const selected = new Set((value as string[]) ?? [])
        return (
          <FieldBox {...common} asGroup>
            {() => (
              <div className="checks">
                {list.map((option) => (
                  <label key={option} className="check">
                    <input
                      type="checkbox"
                      checked={selected.has(option)}
                      disabled={readOnly}
                      onChange={(e) => {
                        const next = new Set(selected)
                        if (e.target.checked) next.add(option); else next.delete(option)
                        onChange(list.filter((o) => next.has(o)))
                      }}
                    />
                    {option}
                  </label>
                ))}
              </div>
            )}
          </FieldBox>
        )
      }
      return (
        <FieldBox {...common}>
          {(p) => (
            <select {...p} value={String(value ?? '')} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
              <option value="">{required ? 'Choose…' : '—'}</option>
              {list.map((option) => <option key={option} value={option}>{option}</option>)}
            </select>
          )}
        </FieldBox>
      )
    }
    case 'boolean':
      return (
        <FieldBox {...common} className="field-boolean">
          {(p) => (
            <div className="check">
              <input type="checkbox" {...p} checked={Boolean(value)} disabled={readOnly} onChange={(e) => onChange(e.target.checked)} />
            </div>
          )}
        </FieldBox>
      )
    case 'color':
      return (
        <FieldBox {...common}>
          {(p) => (
            <div className="inline">
              <input
                type="color"
                className="color-input"
                aria-label={`Pick ${field.label}`}
                value={/^#[0-9a-f]{6}$/i.test(String(value ?? '')) ? String(value) : '#000000'}
                disabled={readOnly}
                onChange={(e) => onChange(e.target.value)}
              />
              <input type="text" className="grow" {...p} value={String(value ?? '')} placeholder="#RRGGBB" readOnly={readOnly} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
            </div>
          )}
        </FieldBox>
      )
    case 'date':
    case 'datetime': {
      // The v4 schemas' `datetime` is a date with its time, as `date` with includeTime.
      const withTime = field.type === 'datetime' || Boolean(field.options?.includeTime)
      const type = withTime ? 'datetime-local' : 'date'
      if (field.options?.mode === 'range') {
        const range = (value as { start?: string; end?: string }) ?? { start: '', end: '' }
        return (
          <FieldBox {...common} asGroup>
            {() => (
              <div className="inline">
                <label className="grow">
                  <span className="field-hint">Start</span>
                  <input type={type} aria-label={`${field.label} start`} value={toInputDate(range.start, withTime)} readOnly={readOnly} onChange={(e) => onChange({ ...range, start: e.target.value })} />
                </label>
                <label className="grow">
                  <span className="field-hint">End</span>
                  <input type={type} aria-label={`${field.label} end`} value={toInputDate(range.end, withTime)} readOnly={readOnly} onChange={(e) => onChange({ ...range, end: e.target.value })} />
                </label>
              </div>
            )}
          </FieldBox>
        )
      }
      return (
        <FieldBox {...common}>
          {(p) => <input type={type} step={withTime ? 1 : undefined} {...p} value={toInputDate(value as string, withTime)} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    }
    case 'time':
      return (
        <FieldBox {...common}>
          {(p) => <input type="time" step={1} {...p} value={String(value ?? '')} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    case 'json': {
      const text = String(value ?? '')
      const syntax = jsonError(text)
      return (
        <FieldBox {...common} errors={[...(syntax ? [`Not valid JSON: ${syntax}`] : []), ...ownErrors]} hint="JSON: an object, array, string, number or boolean.">
          {(p) => <textarea className="code" spellCheck={false} {...p} aria-invalid={Boolean(syntax) || p['aria-invalid']} value={text} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
    }
    case 'relation':
      return (
        <FieldBox {...common} asGroup={isMultiple(field)}>
          {(p, { labelId }) => <RelationInput field={field} value={value} onChange={onChange} readOnly={readOnly} controlProps={p} labelId={labelId} />}
        </FieldBox>
      )
    case 'media':
      return (
        <FieldBox {...common} asGroup>
          {(p) => <MediaInput field={field} value={value} onChange={onChange} readOnly={readOnly} describedBy={p['aria-describedby']} />}
        </FieldBox>
      )
    default:
      return (
        <FieldBox {...common}>
          {(p) => <input type="text" {...p} value={String(value ?? '')} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />}
        </FieldBox>
      )
  }
}

function slugHint(field: Field): string | undefined {
  if (field.options?.slug?.readonly) return 'Set from ' + (field.options.slug.field ?? 'its source field') + '; read-only.'
  if (field.options?.slug?.field) return `Follows ${field.options.slug.field} until you edit it.`
  return undefined
}

/** Stored dates with time (`2024-05-01 10:30:00`, ISO) in the form a datetime-local input takes. */
function toInputDate(value: string | undefined | null, withTime: boolean): string {
  if (!value) return ''
  if (!withTime) return value.slice(0, 10)
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(value)
  return m ? `${m[1]}T${m[2]}` : value
}

function RepeatableScalar({ field, value, onChange, readOnly }: { field: Field; value: string[]; onChange(v: unknown): void; readOnly?: boolean }) {
  const type = field.type === 'number' ? 'number' : field.type === 'email' ? 'email' : field.type === 'date' ? 'date' : field.type === 'time' ? 'time' : 'text'
  return (
    <div>
      {value.map((item, i) => (
        <div className="repeat-row" key={i}>
          <input type={type} aria-label={`${field.label} ${i + 1}`} value={item} readOnly={readOnly} onChange={(e) => onChange(value.map((v, j) => (j === i ? e.target.value : v)))} />
          {!readOnly && <Button size="small" variant="ghost" aria-label={`Remove ${field.label} ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>Remove</Button>}
        </div>
      ))}
      {!readOnly && <Button size="small" onClick={() => onChange([...value, ''])}>Add {singularize(field.label).toLowerCase()}</Button>}
    </div>
  )
}

function GroupInput({ field, value, onChange, errors, path, readOnly }: Omit<FieldInputProps, 'locale'>) {
  const children = field.children ?? []
  const required = Boolean(field.validations?.required?.status)
  if (!isRepeatable(field)) {
    const v = (value as Values) ?? valuesToForm(children, {})
    return (
      <FieldBox label={field.label} required={required} errors={errorsAt(errors, path)} description={field.description} asGroup>
        {() => (
          <div className="group-box">
            {children.map((c) => (
              <FieldInput key={c.uuid} field={c} value={v[c.name]} onChange={(cv) => onChange({ ...v, [c.name]: cv })} errors={errors} path={`${path}.${c.name}`} readOnly={readOnly} />
            ))}
          </div>
        )}
      </FieldBox>
    )
  }
  const items = (value as Values[]) ?? []
  return (
    <FieldBox label={field.label} required={required} errors={errorsAt(errors, path)} description={field.description} asGroup>
      {() => (
        <RepeatableGroup
          field={field} items={items} onChange={onChange} errors={errors} path={path} readOnly={readOnly}
          renderFields={(item, i, onItemChange) => children.map((c) => (
            <FieldInput key={c.uuid} field={c} value={item[c.name]} onChange={(cv) => onItemChange({ ...item, [c.name]: cv })} errors={errors} path={`${path}.${i}.${c.name}`} readOnly={readOnly} />
          ))}
        />
      )}
    </FieldBox>
  )
}
