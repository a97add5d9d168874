import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Notice, useToast } from '../../components/Toast.tsx'
import { discardChanges } from './gitApi.ts'
import { itemKind, itemTitle, selectionOf, type ChangeItem } from './changeItems.ts'
import { gitErrorText } from './gitErrors.ts'

/** Asks before putting a change back as the last commit has it (a new entry or file is removed). */
export function DiscardDialog({ item, onClose, onDone }: { item: ChangeItem; onClose(): void; onDone(): void }) {
  const qc = useQueryClient()
  const { notify } = useToast()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const title = itemTitle(item)
  const kind = itemKind(item)
  async function discard() {
    setBusy(true)
    setFailure(null)
    try {
      await discardChanges(selectionOf([item]))
      notify(`Discarded the changes to “${title}”.`, 'success')
      await Promise.all([qc.invalidateQueries({ queryKey: ['git'] }), qc.invalidateQueries({ queryKey: ['entries'] }), qc.invalidateQueries({ queryKey: ['overview'] })])
      onDone()
    } catch (err) {
      setFailure(gitErrorText(err))
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      title={`Discard changes to “${title}”?`}
      onClose={onClose}
      actions={<>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" busy={busy} onClick={() => void discard()}>Discard changes</Button>
      </>}
    >
      <p>
        {kind === 'added'
          ? 'This is new since the last commit: discarding deletes it.'
          : kind === 'removed'
            ? 'This was deleted since the last commit: discarding brings it back as the last commit has it.'
            : 'Every saved change since the last commit is undone: it goes back to how the last commit has it.'}
      </p>
      <p className="muted">This cannot be undone.</p>
      {failure && <Notice tone="error">{failure}</Notice>}
    </Dialog>
  )
}
