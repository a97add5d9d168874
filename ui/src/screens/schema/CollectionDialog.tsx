import { useState } from 'react'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import type { Collection } from '../../types.ts'
import { nameFromLabel } from './fieldTypes.ts'

export interface CollectionDraft { name: string; slug: string; is_singleton: boolean }

/** Create a collection, or rename one (its entries move and relations follow the new slug). */
export function CollectionDialog({ collection, errors, message, busy, onClose, onSave }: {
  collection: Collection | null; errors: Record<string, string[]>; message: string | null; busy: boolean; onClose(): void; onSave(d: CollectionDraft): void
}) {
  const [d, setD] = useState<CollectionDraft>({ name: collection?.name ?? '', slug: collection?.slug ?? '', is_singleton: collection?.is_singleton ?? false })
  const [slugTouched, setSlugTouched] = useState(Boolean(collection))
  return (
    <Dialog
      open
      title={collection ? `Edit collection “${collection.name}”` : 'New collection'}
      onClose={onClose}
      cancel="Cancel"
      actions={<Button variant="primary" busy={busy} onClick={() => onSave(d)}>{collection ? 'Save collection' : 'Create collection'}</Button>}
    >
      <form onSubmit={(e) => { e.preventDefault(); onSave(d) }} aria-label="Collection">
        {message && <div className="notice notice-error" role="alert">{message}</div>}
        <Field label="Name" required errors={errors.name}>
          {(p) => <input type="text" {...p} value={d.name} autoFocus onChange={(e) => setD({ ...d, name: e.target.value, ...(slugTouched ? {} : { slug: nameFromLabel(e.target.value).replace(/_/g, '-') }) })} />}
        </Field>
        <Field label="Slug" required errors={errors.slug} hint={collection ? 'The API path. Changing it moves the entries; relations follow.' : 'The API path: /your-slug. Lowercase letters, digits, - and _.'}>
          {(p) => <input type="text" {...p} value={d.slug} onChange={(e) => { setSlugTouched(true); setD({ ...d, slug: e.target.value }) }} />}
        </Field>
        <label className="check"><input type="checkbox" checked={d.is_singleton} onChange={(e) => setD({ ...d, is_singleton: e.target.checked })} />Single entry (one per locale, e.g. site settings)</label>
      </form>
    </Dialog>
  )
}
