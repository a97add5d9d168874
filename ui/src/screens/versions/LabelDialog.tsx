import { useEffect, useState } from 'react'
import { ApiError, api, entryPath } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import type { VersionSummary } from './useEntryData.ts'

/** Names a version ("Spring launch") and describes it; empty clears. */
export function LabelDialog({ open, slug, uuid, version, onClose, onSaved }: {
  open: boolean; slug: string; uuid: string; version: VersionSummary; onClose(): void; onSaved(): void
}) {
  const [label, setLabel] = useState(version.label ?? '')
  const [description, setDescription] = useState(version.description ?? '')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) { setLabel(version.label ?? ''); setDescription(version.description ?? ''); setErrors({}) }
  }, [open, version])

  const save = async () => {
    setBusy(true)
    try {
      await api.patch(entryPath(slug, uuid, `versions/${version.version_number}`), { label: label.trim() || null, description: description.trim() || null })
      onSaved()
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.errors, _: err.status === 422 && Object.keys(err.errors).length ? [] : [err.message] } : { _: ['The label could not be saved.'] })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      title={`Label version ${version.version_number}`}
      onClose={onClose}
      actions={<>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" busy={busy} onClick={() => void save()}>Save label</Button>
      </>}
    >
      <form onSubmit={(e) => { e.preventDefault(); void save() }}>
        {errors._?.length ? <div className="notice notice-error" role="alert">{errors._.join(' ')}</div> : null}
        <Field label="Label" hint="A short name, e.g. “Spring launch”. At most 255 characters." errors={errors.label}>
          {(p) => <input type="text" {...p} value={label} maxLength={255} onChange={(e) => setLabel(e.target.value)} />}
        </Field>
        <Field label="Description" errors={errors.description}>
          {(p) => <textarea {...p} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
      </form>
    </Dialog>
  )
}
