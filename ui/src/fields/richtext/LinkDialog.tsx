import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { safeLinkUrl } from './safe-url.ts'

export interface LinkChoice {
  /** Empty: remove the link. */
  href: string
  text: string
  newTab: boolean
}

interface Props {
  open: boolean
  /** What the selection holds now: its link (if any) and its text. */
  initial: LinkChoice
  onClose(): void
  onApply(choice: LinkChoice): void
}

/**
 * Add or change a link: its address (checked: web, mail and phone links, or a page of this
 * site; never a script), the words that show, and whether it opens in a new tab.
 */
export function LinkDialog({ open, initial, onClose, onApply }: Props) {
  const [href, setHref] = useState(initial.href)
  const [text, setText] = useState(initial.text)
  const [newTab, setNewTab] = useState(initial.newTab)
  const [error, setError] = useState<string | null>(null)
  const ids = { url: useId(), text: useId(), tab: useId(), error: useId() }
  useEffect(() => {
    if (!open) return
    setHref(initial.href); setText(initial.text); setNewTab(initial.newTab); setError(null)
  }, [open, initial])

  function apply() {
    const safe = safeLinkUrl(href)
    if (!safe) {
      setError(href.trim() ? 'Use a web address (https://…), an email (mailto:…), a phone number (tel:…) or a page of this site (/…).' : 'Type the address to link to.')
      return
    }
    onApply({ href: safe, text: text.trim() ? text : safe, newTab })
  }
  // Enter in a field applies the dialog; the entry form around it must never see it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') { e.preventDefault(); e.stopPropagation(); apply() }
  }

  return (
    <Dialog
      open={open}
      title={initial.href ? 'Edit link' : 'Add link'}
      onClose={onClose}
      actions={(
        <>
          {initial.href && <Button variant="danger" onClick={() => onApply({ href: '', text: '', newTab: false })}>Remove link</Button>}
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={apply}>{initial.href ? 'Update link' : 'Add link'}</Button>
        </>
      )}
    >
      <div onKeyDown={onKeyDown}>
        <div className="field">
          <label className="field-label" htmlFor={ids.url}>Address</label>
          <input
            id={ids.url}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/page"
            value={href}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            autoFocus
            onChange={(e) => { setHref(e.target.value); setError(null) }}
          />
          {error && <p id={ids.error} className="field-error" role="alert">{error}</p>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.text}>Text to show</label>
          <input id={ids.text} type="text" value={text} placeholder="The address, if left empty" onChange={(e) => setText(e.target.value)} />
        </div>
        <label className="check" htmlFor={ids.tab}>
          <input id={ids.tab} type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
          Open in a new tab
        </label>
      </div>
    </Dialog>
  )
}
