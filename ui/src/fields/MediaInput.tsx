import { useId, useRef, useState, type DragEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api.ts'
import { useAssetLibrary } from './assetLibrary.ts'
import { Button } from '../components/Button.tsx'
import { Dialog } from '../components/Dialog.tsx'
import { AssetThumb } from '../components/AssetThumb.tsx'
import { useToast } from '../components/Toast.tsx'
import type { Asset, Field } from '../types.ts'
import { isMultiple } from '../values.ts'

interface Props {
  field: Field
  value: unknown
  onChange(value: unknown): void
  readOnly?: boolean
  describedBy?: string
}

function useAsset(uuid: string) {
  return useQuery({
    queryKey: ['assets', 'one', uuid],
    queryFn: async ({ signal }) => (await api.get<Asset>(`/files/${encodeURIComponent(uuid)}`, { signal })).data,
    staleTime: 60_000,
  })
}

/** Upload files one by one with progress; answers the created assets. */
async function uploadFiles(files: File[], onProgress: (fraction: number) => void): Promise<Asset[]> {
  const out: Asset[] = []
  for (let i = 0; i < files.length; i++) {
    const form = new FormData()
    form.append('file', files[i]!)
    const { data } = await api.post<Asset & { data?: Asset }>('/files', form, { onProgress: (f) => onProgress((i + f) / files.length) })
    out.push(data.data ?? data)
  }
  return out
}

/** A media field: the chosen assets, a picker over the library, and upload in place (drop or browse). */
export function MediaInput({ field, value, onChange, readOnly, describedBy }: Props) {
  const multiple = isMultiple(field)
  const selected: string[] = multiple ? ((value as string[]) ?? []) : value ? [value as string] : []
  const [picking, setPicking] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)
  const [dragOver, setDragOver] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const qc = useQueryClient()
  const { notify } = useToast()

  function add(uuids: string[]) {
    if (!uuids.length) return
    if (multiple) onChange([...selected, ...uuids.filter((u) => !selected.includes(u))])
    else onChange(uuids[uuids.length - 1]!)
  }

  async function upload(files: File[]) {
    if (!files.length) return
    setProgress(0)
    try {
      const assets = await uploadFiles(multiple ? files : files.slice(0, 1), setProgress)
      for (const a of assets) qc.setQueryData(['assets', 'one', a.uuid], a)
      void qc.invalidateQueries({ queryKey: ['assets', 'library'] })
      add(assets.map((a) => a.uuid))
      notify(`Uploaded ${assets.map((a) => a.filename).join(', ')}`, 'success')
    } catch (err) {
      notify(err instanceof Error ? err.message : 'Upload failed', 'error')
    } finally {
      setProgress(null)
    }
  }

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setDragOver(false)
    if (!readOnly) void upload([...e.dataTransfer.files])
  }

  return (
    <div aria-describedby={describedBy}>
      {selected.length > 0 && (
        <ul className="media-selected" aria-label={`Selected ${field.label}`} style={{ listStyle: 'none', padding: 0, margin: '0 0 0.4rem' }}>
          {selected.map((u) => <SelectedAsset key={u} uuid={u} field={field} readOnly={readOnly} onRemove={() => onChange(multiple ? selected.filter((x) => x !== u) : null)} />)}
        </ul>
      )}
      {!readOnly && (
        <div
          className={`dropzone${dragOver ? ' dropzone-active' : ''}`}
          onDragOver={(e) => { e.preventDefault(); setDragOver(true) }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          data-testid={`drop-${field.name}`}
        >
          <div className="toolbar">
            <Button size="small" onClick={() => setPicking(true)}>Choose from library</Button>
            <Button size="small" onClick={() => fileInput.current?.click()}>Upload…</Button>
            <span className="muted">or drop {multiple ? 'files' : 'a file'} here</span>
          </div>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            className="visually-hidden"
            aria-label={`Upload ${field.label}`}
            tabIndex={-1}
            multiple={multiple}
            onChange={(e) => { void upload([...(e.target.files ?? [])]); e.target.value = '' }}
          />
          {progress !== null && <progress max={1} value={progress} aria-label={`Uploading to ${field.label}`} />}
        </div>
      )}
      <LibraryPicker open={picking} field={field} multiple={multiple} onClose={() => setPicking(false)} onPick={(uuids) => { add(uuids); setPicking(false) }} />
    </div>
  )
}

function SelectedAsset({ uuid, field, readOnly, onRemove }: { uuid: string; field: Field; readOnly?: boolean; onRemove(): void }) {
  const asset = useAsset(uuid)
  return (
    <li className="media-card">
      {asset.data ? <AssetThumb asset={asset.data} /> : <span className="media-thumb" aria-hidden="true">…</span>}
      <span className="media-name">{asset.data?.filename ?? (asset.isError ? 'Missing file' : 'Loading…')}</span>
      {!readOnly && <Button size="small" variant="ghost" aria-label={`Remove ${asset.data?.filename ?? 'file'} from ${field.label}`} onClick={onRemove}>Remove</Button>}
    </li>
  )
}

function LibraryPicker({ open, field, multiple, onClose, onPick }: { open: boolean; field: Field; multiple: boolean; onClose(): void; onPick(uuids: string[]): void }) {
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const list = useAssetLibrary(search, open)
  function toggle(uuid: string) {
    if (!multiple) { onPick([uuid]); return }
    setChosen((c) => (c.includes(uuid) ? c.filter((x) => x !== uuid) : [...c, uuid]))
  }
  return (
    <Dialog
      open={open}
      wide
      title={`Choose ${field.label}`}
      onClose={onClose}
      actions={(
        <>
          <Button onClick={onClose}>Cancel</Button>
          {multiple && <Button variant="primary" disabled={!chosen.length} onClick={() => { onPick(chosen); setChosen([]) }}>Add {chosen.length || ''} selected</Button>}
        </>
      )}
    >
      <div className="field">
        <label className="field-label" htmlFor="library-search">Search the library</label>
        <input id="library-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {list.data && list.data.data.length === 0 && <p className="empty">No files{search ? ' match' : ' yet: upload one'}.</p>}
      <div className="media-grid">
        {list.data?.data.map((a) => (
          <button key={a.uuid} type="button" className="media-tile" aria-pressed={multiple ? chosen.includes(a.uuid) : undefined} onClick={() => toggle(a.uuid)}>
            <AssetThumb asset={a} alt="" />
            <span className="media-name">{a.filename}</span>
          </button>
        ))}
      </div>
    </Dialog>
  )
}
