import './focal-point.css'
import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { api } from '../../api.ts'
import { Button } from '../../components/Button.tsx'
import { useToast } from '../../components/Toast.tsx'
import type { Asset } from '../../types.ts'

/**
 * The focus point of an image (`focal_x`, `focal_y`): a click on the picture sets it and saves
 * it at once; crops made for sites (fit=cover) keep that spot in view. Arrow keys move it too.
 */
export function FocalPointPicker({ asset, editable }: { asset: Asset; editable: boolean }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const saved = { x: asset.metadata?.focal_x ?? null, y: asset.metadata?.focal_y ?? null }
  const [point, setPoint] = useState<{ x: number; y: number } | null>(saved.x !== null && saved.y !== null ? { x: saved.x, y: saved.y } : null)
  const src = asset.thumbnail_url ?? asset.url

  const save = async (next: { x: number; y: number } | null) => {
    setPoint(next)
    try {
      await api.patch(`/files/${encodeURIComponent(asset.uuid)}`, { focal_x: next?.x ?? null, focal_y: next?.y ?? null })
      notify(next ? 'Focus point saved.' : 'Focus point reset to the centre.', 'success')
      await qc.invalidateQueries({ queryKey: ['assets'] })
    } catch {
      notify('The focus point could not be saved.', 'error')
    }
  }
  const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    void save({ x: round((e.clientX - box.left) / box.width), y: round((e.clientY - box.top) / box.height) })
  }
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, -0.05], ArrowDown: [0, 0.05] }[e.key]
    if (!step) return
    e.preventDefault()
    const from = point ?? { x: 0.5, y: 0.5 }
    void save({ x: round(from.x + step[0]!), y: round(from.y + step[1]!) })
  }
  const shown = point ?? { x: 0.5, y: 0.5 }
  if (!editable) return <div className="asset-preview"><img src={src} alt={asset.metadata?.alt_text ?? ''} className="focal-image" /></div>
  return (
    <div className="focal-picker">
      <button type="button" className="focal-target" onClick={onClick} onKeyDown={onKey} aria-label="Focus point: click the part of the picture that must stay in view when it is cropped">
        <img src={src} alt={asset.metadata?.alt_text ?? ''} className="focal-image" draggable={false} />
        <span className={`focal-mark${point ? '' : ' focal-mark-default'}`} style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }} aria-hidden="true" />
      </button>
      <p className="muted focal-hint">
        <strong>Focus point:</strong> {point ? 'crops of this picture keep the marked spot in view. ' : 'click the picture to choose the spot its crops keep in view (now: the centre). '}
        {point && <Button onClick={() => void save(null)}>Reset to centre</Button>}
      </p>
    </div>
  )
}
