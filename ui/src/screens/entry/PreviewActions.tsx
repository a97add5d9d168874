import { Button } from '../../components/Button.tsx'
import type { PreviewLink } from './preview.ts'

/**
 * The entry form's preview controls: "Open preview" (the site in a new tab) and "Preview" (the
 * pane beside the form). Shown when the project has a preview address.
 */
export function PreviewActions({ configured, link, open, onToggle, canOpen }: { configured: boolean; link: PreviewLink | undefined; open: boolean; onToggle: () => void; canOpen: boolean }) {
  // Nothing to offer an editor without a preview address (the entries list says which collections have one).
  if (!configured) return null
  if (!canOpen) return <p className="muted field-hint">Save the entry once to preview it on the site.</p>
  return (
    <div className="preview-actions">
      <Button aria-pressed={open} onClick={onToggle}>Preview</Button>
      {/* The address is fetched with the form: the new tab opens within the click, so no popup blocker stops it. */}
      <Button disabled={!link} onClick={() => { if (link) window.open(link.url, '_blank', 'noopener') }}>Open preview</Button>
    </div>
  )
}
