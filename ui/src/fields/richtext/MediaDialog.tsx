import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useAssetLibrary } from '../assetLibrary.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { AssetThumb } from '../../components/AssetThumb.tsx'
import type { Asset } from '../../types.ts'

export interface MediaChoice {
  asset: Asset
  /** Images: the description read out in their place. Files: the link's words. */
  text: string
}

interface Props {
  open: boolean
  onClose(): void
  onInsert(choice: MediaChoice): void
}

export const isImage = (asset: Asset): boolean => asset.mime_type.startsWith('image/')

/**
 * Put an image or a file from the media library into the text: choose it (the same library
 * the media fields use, searchable), then describe it: an image's alternative text (prefilled
 * from the library's), a file's link text (its name). Images go in as pictures, files as links.
 */
export function MediaDialog({ open, onClose, onInsert }: Props) {
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<Asset | null>(null)
  const [text, setText] = useState('')
  const [decorative, setDecorative] = useState(false)
  const ids = { search: useId(), text: useId(), hint: useId(), deco: useId() }
  useEffect(() => { if (open) { setChosen(null); setText(''); setDecorative(false) } }, [open])
  const list = useAssetLibrary(search, open)

  function choose(asset: Asset) {
    setChosen(asset)
    setText(isImage(asset) ? asset.metadata?.alt_text ?? '' : asset.filename)
    setDecorative(false)
  }
  const image = chosen ? isImage(chosen) : false
  const missing = chosen !== null && !decorative && !text.trim()
  function insert() {
    if (!chosen || missing) return
    onInsert({ asset: chosen, text: image && decorative ? '' : text.trim() })
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).type !== 'search') { e.preventDefault(); e.stopPropagation(); insert() }
    else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') { e.preventDefault(); e.stopPropagation() }
  }

  return (
    <Dialog
      open={open}
      wide={!chosen}
      title={chosen ? (image ? 'Describe the image' : 'Link to the file') : 'Insert from the media library'}
      onClose={onClose}
      actions={(
        <>
          {chosen && <Button onClick={() => setChosen(null)}>Back</Button>}
          <Button onClick={onClose}>Cancel</Button>
          {chosen && <Button variant="primary" disabled={missing} onClick={insert}>{image ? 'Insert image' : 'Insert link'}</Button>}
        </>
      )}
    >
      <div onKeyDown={onKeyDown}>
        {chosen ? (
          <>
            <div className="richtext-media-chosen">
              <AssetThumb asset={chosen} alt="" />
              <span className="media-name">{chosen.filename}</span>
            </div>
            <div className="field">
              <label className="field-label" htmlFor={ids.text}>{image ? 'Alternative text' : 'Link text'}</label>
              <input id={ids.text} type="text" value={text} disabled={image && decorative} autoFocus aria-describedby={ids.hint} onChange={(e) => setText(e.target.value)} />
              <p id={ids.hint} className="field-hint">
                {image ? 'What the image shows, for people who cannot see it (read out by screen readers, shown if it fails to load).' : 'The words readers click to open the file.'}
              </p>
            </div>
            {image && (
              <label className="check" htmlFor={ids.deco}>
                <input id={ids.deco} type="checkbox" checked={decorative} onChange={(e) => setDecorative(e.target.checked)} />
                Decorative only (no description)
              </label>
            )}
          </>
        ) : (
          <>
            <div className="field">
              <label className="field-label" htmlFor={ids.search}>Search the library</label>
              <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </div>
            {list.data && list.data.data.length === 0 && <p className="empty">No files{search ? ' match' : ' yet: upload them on the Media screen'}.</p>}
            <div className="media-grid">
              {list.data?.data.map((a) => (
                <button key={a.uuid} type="button" className="media-tile" onClick={() => choose(a)}>
                  <AssetThumb asset={a} alt="" />
                  <span className="media-name">{a.filename}</span>
                </button>
              ))}
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
}
