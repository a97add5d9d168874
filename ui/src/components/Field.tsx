import { useId, type ReactNode } from 'react'

export interface FieldProps {
  label: string
  /** Renders the control; spread the ids onto it so the label and the messages belong to it. */
  children(ids: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean | undefined; 'aria-required'?: boolean }, more: { labelId: string }): ReactNode
  hint?: ReactNode
  errors?: string[]
  required?: boolean
  /** For groups of controls (checkbox lists, repeatables): a fieldset with a legend. */
  asGroup?: boolean
  className?: string
  /** Shown under the label (the schema's description). */
  description?: string | null
}

/**
 * A labelled form control with its hint and its error messages under it, tied to the control
 * with aria-describedby so screen readers read them and tests find them.
 */
export function Field({ label, children, hint, errors, required, asGroup, className, description }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const labelId = `${id}-label`
  const hasErrors = Boolean(errors && errors.length > 0)
  const describedBy = [hasErrors ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  // The required mark is CSS (`content: ' *' / ''`): the label's text and accessible name stay exactly the field's name.
  const labelClass = required ? 'field-label is-required' : 'field-label'
  const body = (
    <>
      {description && <div className="field-description">{description}</div>}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': hasErrors || undefined, ...(required && !asGroup ? { 'aria-required': true } : {}) }, { labelId })}
      {hint && <div id={hintId} className="field-hint">{hint}</div>}
      {hasErrors && (
        <div id={errorId} className="field-error" role="alert">
          {errors!.map((e, i) => <div key={i}>{e}</div>)}
        </div>
      )}
    </>
  )
  if (asGroup) {
    return (
      <fieldset className={`field field-group ${className ?? ''}`} aria-describedby={describedBy}>
        <legend className={labelClass} id={labelId}>{label}</legend>
        {body}
      </fieldset>
    )
  }
  return (
    <div className={`field ${className ?? ''}`}>
      <label className={labelClass} htmlFor={id} id={labelId}>{label}</label>
      {body}
    </div>
  )
}
