import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { AssetThumb } from '../../components/AssetThumb.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Field } from '../../components/Field.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import { useSession } from '../../session.tsx'
import { formatDate } from '../versions/useEntryData.ts'
import { DeleteAssetDialog } from './DeleteAssetDialog.tsx'
import { FocalPointPicker } from './FocalPointPicker.tsx'
import { METADATA_KEYS, METADATA_LABELS, assetSummary, useAsset, useAssetUsage, type MetadataKey } from './mediaApi.ts'

type Values = Record<MetadataKey, string>
const LONG: MetadataKey[] = ['caption', 'description']

/** One asset: preview, facts, editable metadata, the entries that use it, delete. */
export function AssetDetail({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const asset = useAsset(uuid)
  const usage = useAssetUsage(uuid)
  const qc = useQueryClient()
  const { notify } = useToast()
  const { can } = useSession()
  const [values, setValues] = useState<Values | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState(false)

  useEffect(() => {
    if (asset.data) setValues(Object.fromEntries(METADATA_KEYS.map((k) => [k, (asset.data.metadata?.[k] as string | null | undefined) ?? ''])) as Values)
  }, [asset.data])

  const save = async () => {
    if (!values) return
    setSaving(true)
    setErrors({})
    try {
      await api.patch(`/files/${encodeURIComponent(uuid)}`, Object.fromEntries(METADATA_KEYS.map((k) => [k, values[k].trim() || null])))
      notify('Details saved.', 'success')
      await qc.invalidateQueries({ queryKey: ['assets'] })
    } catch (err) {
      if (err instanceof ApiError) setErrors({ ...err.errors, _: [err.message] })
      else setErrors({ _: ['The details could not be saved.'] })
    } finally {
      setSaving(false)
    }
  }

  const a = asset.data
  const editable = can('update')
  return (
    <>
      <Dialog
        open
        wide
        title={a ? a.filename : 'File'}
        onClose={onClose}
        actions={<>
          {a && can('delete') && <Button variant="danger" onClick={() => setDeleting(true)} className="push-left">Delete…</Button>}
          <Button onClick={onClose}>Close</Button>
          {a && editable && <Button variant="primary" busy={saving} onClick={() => void save()}>Save details</Button>}
        </>}
      >
        {asset.isLoading ? <Loading /> : asset.error ? <ErrorView error={asset.error} /> : a && values && (
          <div className="asset-detail">
            <div>
              {a.thumbnail_url
                ? <FocalPointPicker asset={a} editable={editable} />
                : <div className="asset-preview"><AssetThumb asset={a} alt={values.alt_text} /></div>}
              <dl className="kv asset-facts">
                <dt>Type</dt><dd>{a.mime_type}</dd>
                <dt>Size</dt><dd>{a.size}</dd>
                {a.metadata?.width ? <><dt>Dimensions</dt><dd>{a.metadata.width} × {a.metadata.height} px</dd></> : null}
                <dt>Uploaded</dt><dd>{formatDate(a.created_at)}</dd>
              </dl>
              <h3>Used by</h3>
              {usage.isLoading ? <Loading label="Looking for entries" /> : usage.error ? <p className="muted">Could not tell which entries use this file.</p> : (
                usage.data && usage.data.length > 0 ? (
                  <ul className="usage-list" aria-label="Entries using this file">
                    {usage.data.map((u) => (
                      <li key={`${u.collection}/${u.uuid}/${u.field}`}>
                        <Link to={`/c/${encodeURIComponent(u.collection)}/${encodeURIComponent(u.uuid)}`} onClick={onClose}>{u.title || u.uuid}</Link>
                        <span className="muted"> · {u.collection} · {u.field}</span>
                      </li>
                    ))}
                  </ul>
                ) : <p className="muted">No entry uses this file.</p>
              )}
            </div>
            <form onSubmit={(e) => { e.preventDefault(); void save() }} aria-label="File details">
              <p className="muted asset-summary">{assetSummary(a)}</p>
              {errors._ && <div className="notice notice-error" role="alert">{errors._.join(' ')}</div>}
              {METADATA_KEYS.map((k) => (
                <Field key={k} label={METADATA_LABELS[k]} errors={errors[k]} hint={k === 'alt_text' ? 'Describes the image for people who cannot see it.' : undefined}>
                  {(p) => LONG.includes(k)
                    ? <textarea {...p} value={values[k]} readOnly={!editable} rows={3} onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
                    : <input type="text" {...p} value={values[k]} readOnly={!editable} onChange={(e) => setValues({ ...values, [k]: e.target.value })} />}
                </Field>
              ))}
            </form>
          </div>
        )}
      </Dialog>
      {a && deleting && (
        <DeleteAssetDialog
          asset={a}
          usage={usage.data ?? []}
          onClose={() => setDeleting(false)}
          onDeleted={() => { setDeleting(false); onClose() }}
        />
      )}
    </>
  )
}
