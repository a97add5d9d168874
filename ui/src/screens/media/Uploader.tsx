import { useRef, useState, type DragEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { useToast } from '../../components/Toast.tsx'

interface Upload { id: number; name: string; progress: number; state: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string }

/** At most this many files go up at once; the rest wait their turn. */
const PARALLEL = 2
let nextId = 1

/**
 * Drop files on the zone (or choose them with the button, for keyboard users): each file is
 * uploaded on its own request so each has its own progress bar and its own error.
 */
export function Uploader() {
  const qc = useQueryClient()
  const { notify } = useToast()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [uploads, setUploads] = useState<Upload[]>([])
  const update = (id: number, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)))

  const start = async (files: File[]) => {
    if (files.length === 0) return
    const batch = files.map((file) => ({ file, upload: { id: nextId++, name: file.name, progress: 0, state: 'waiting' as const } }))
    setUploads((list) => [...list.filter((u) => u.state !== 'done'), ...batch.map((b) => b.upload)])
    let failed = 0
    const queue = [...batch]
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { file, upload } = item
        update(upload.id, { state: 'uploading' })
        const form = new FormData()
        form.append('file', file, file.name)
        try {
          await api.post('/files', form, { onProgress: (f) => update(upload.id, { progress: f }) })
          update(upload.id, { state: 'done', progress: 1 })
        } catch (err) {
          failed++
          const message = err instanceof ApiError ? (err.errors.file?.[0] ?? err.message) : 'The upload failed.'
          update(upload.id, { state: 'failed', error: message })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker))
    await qc.invalidateQueries({ queryKey: ['assets'] })
    const ok = batch.length - failed
    if (ok > 0) notify(`${ok} ${ok === 1 ? 'file' : 'files'} uploaded.`, 'success')
    if (failed > 0) notify(`${failed} ${failed === 1 ? 'file was' : 'files were'} refused; see the list.`, 'error')
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    void start(Array.from(e.dataTransfer.files))
  }

  return (
    <>
      <div
        className={dragging ? 'library-drop dragging' : 'library-drop'}
        data-testid="dropzone"
        onDragEnter={(e) => { e.preventDefault(); setDragging(true) }}
        onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'copy' }}
        onDragLeave={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false) }}
        onDrop={onDrop}
      >
        <p><strong>Drop files here to upload them</strong> — images, video, audio, PDFs and documents.</p>
        <Button variant="primary" onClick={() => input.current?.click()}>Choose files…</Button>
        <input
          ref={input}
          type="file"
          multiple
          className="visually-hidden"
          aria-label="Files to upload"
          tabIndex={-1}
          onChange={(e) => { void start(Array.from(e.target.files ?? [])); e.target.value = '' }}
        />
      </div>
      {uploads.length > 0 && uploads.every((u) => u.state === 'done' || u.state === 'failed') && (
        <div className="uploads-head">
          <Button size="small" variant="ghost" onClick={() => setUploads([])}>Clear the upload list</Button>
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className="upload-row">
              <span className="asset-name" title={u.name}>{u.name}</span>
              <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
              <span className={u.state === 'failed' ? 'upload-error' : 'muted'} role={u.state === 'failed' ? 'alert' : undefined}>
                {u.state === 'waiting' ? 'Waiting' : u.state === 'uploading' ? `${Math.round(u.progress * 100)} %` : u.state === 'done' ? 'Uploaded' : u.error}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
