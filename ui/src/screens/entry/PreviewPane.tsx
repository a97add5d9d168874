import { useEffect, useRef } from 'react'
import { Button } from '../../components/Button.tsx'
import './preview.css'

/** A message the overlay (`/_admin/overlay.js`) in the framed site sends when its Edit button is pressed. */
interface EditMessage { type: 'cms:edit'; collection: string; uuid: string; field: string }

/**
 * The preview pane beside the entry form: the site's preview address in a frame. The site shows
 * the saved draft; one that listens to `/_events` updates itself without a reload. Edit buttons
 * of the overlay inside it ask, by postMessage, to focus a field: only messages from the frame
 * itself, from the preview origin, are taken.
 */
export function PreviewPane({ url, origin, title, onEdit, onClose }: { url: string; origin: string; title: string; onEdit: (message: EditMessage) => void; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const onEditRef = useRef(onEdit)
  onEditRef.current = onEdit
  useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow) return
      const d = e.data as Partial<EditMessage> | null
      if (d && d.type === 'cms:edit' && typeof d.collection === 'string' && typeof d.uuid === 'string' && typeof d.field === 'string') onEditRef.current(d as EditMessage)
    }
    window.addEventListener('message', listen)
    return () => window.removeEventListener('message', listen)
  }, [origin])
  return (
    <section className="preview-pane card" aria-label="Preview">
      <div className="preview-pane-bar">
        <strong>Preview</strong>
        <span className="muted preview-pane-note">Saved as you type</span>
        <Button size="small" variant="ghost" onClick={() => { if (frame.current) frame.current.src = url }}>Reload</Button>
        <Button size="small" variant="ghost" onClick={onClose}>Close preview</Button>
      </div>
      <iframe ref={frame} className="preview-pane-frame" src={url} title={`Preview of ${title}`} />
    </section>
  )
}
