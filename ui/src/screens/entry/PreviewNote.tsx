import type { Collection } from '../../types.ts'
import { usePreviewConfig } from './preview.ts'

/**
 * Says, on a collection's list, whether its entries can be previewed on the site: the project has
 * a preview address, and the address's `{slug}`, if it uses one, has a slug field to come from.
 */
export function PreviewNote({ collection }: { collection: Collection }) {
  const config = usePreviewConfig()
  if (!config?.origin || !config.preview_url) return null
  const needsSlug = config.preview_url.includes('{slug}')
  const previewable = !needsSlug || collection.fields.some((f) => f.type === 'slug')
  return (
    <span className="muted" data-testid="preview-note">
      {' · '}
      {previewable ? `Preview on the site (${new URL(config.origin).host})` : 'No preview: the preview address needs a slug field'}
    </span>
  )
}
