import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from './Button.tsx'

export interface DialogProps {
  open: boolean
  title: string
  onClose(): void
  children: ReactNode
  /** Buttons at the bottom. */
  actions?: ReactNode
  /** The label of a first button at the bottom that closes the dialog as Escape does ("Cancel"). */
  cancel?: string
  wide?: boolean
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus cannot leave the dialog), Escape closes it, and focus returns where it was.
 */
export function Dialog({ open, title, onClose, children, actions, cancel, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (open && !el.open) {
      const previous = document.activeElement as HTMLElement | null
      el.showModal()
      return () => { if (el.open) el.close(); previous?.focus?.() }
    }
    if (!open && el.open) el.close()
    return undefined
  }, [open])
  if (!open) return null
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(e) => { e.preventDefault(); onClose() }}
    >
      <h2 id={titleId} className="dialog-title">{title}</h2>
      <div className="dialog-body">{children}</div>
      {(actions || cancel) && <div className="dialog-actions">{cancel && <Button onClick={onClose}>{cancel}</Button>}{actions}</div>}
    </dialog>
  )
}
