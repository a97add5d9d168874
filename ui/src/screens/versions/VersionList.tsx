import type { VersionSummary } from './useEntryData.ts'
import { formatDate } from './useEntryData.ts'

/** Versions newest first; choosing one shows it. */
export function VersionList({ versions, selected, onSelect }: { versions: VersionSummary[]; selected: number | null; onSelect(n: number): void }) {
  return (
    <ul className="side-list" aria-label="Versions">
      {versions.map((v) => (
        <li key={v.version_number}>
          <button
            type="button"
            className="side-item"
            aria-current={selected === v.version_number ? 'true' : undefined}
            onClick={() => onSelect(v.version_number)}
          >
            <span className="side-item-title">
              v{v.version_number}
              {v.label && <span className="version-label">{v.label}</span>}
              {v.is_current_published && <span className="badge badge-published">Published</span>}
            </span>
            <span className="side-item-meta">{formatDate(v.published_at)}{v.created_by ? ` · ${v.created_by}` : ''}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
