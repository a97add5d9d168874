import { useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api, entryPath } from '../../api.ts'
import { useCollection, titleField } from '../../schema.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import { EntryTabs } from './EntryTabs.tsx'
import { VersionList } from './VersionList.tsx'
import { DiffTable } from './DiffTable.tsx'
import { LabelDialog } from './LabelDialog.tsx'
import { SnapshotTable } from './SnapshotTable.tsx'
import { formatDate, useDraft, useVersion, useVersions } from './useEntryData.ts'
import { useReferenceNames } from './useReferenceNames.ts'
import type { VersionReverted } from '../../../../src/service/entries/versions.ts'
import './secondary.css'

/**
 * An entry's published versions: pick one to see it, compare it field by field with the draft
 * (or with another version), label it, or revert to it. The chosen version and comparison live
 * in the URL (`?v=3&compare=draft`) so a link shows the same view.
 */
export default function VersionsScreen() {
  const { collection: slug = '', uuid = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const { collection, isLoading: schemaLoading, error: schemaError } = useCollection(slug)
  const { can } = useSession()
  const qc = useQueryClient()
  const { notify } = useToast()
  const draft = useDraft(slug, uuid)
  const versions = useVersions(slug, uuid)
  const list = versions.data ?? []
  const requested = Number(params.get('v'))
  const selected = list.find((v) => v.version_number === requested)?.version_number ?? list[0]?.version_number ?? null
  const compare = params.get('compare') ?? 'draft'
  const viewOnly = compare === 'none'
  const compareNumber = compare === 'draft' || viewOnly ? null : Number(compare)
  const version = useVersion(slug, uuid, selected)
  const other = useVersion(slug, uuid, compareNumber !== null && list.some((v) => v.version_number === compareNumber) ? compareNumber : null)
  const [showUnchanged, setShowUnchanged] = useState(false)
  const [confirmRevert, setConfirmRevert] = useState(false)
  const [labelling, setLabelling] = useState(false)
  const [reverting, setReverting] = useState(false)
  const names = useReferenceNames(collection?.fields ?? [], draft.data?.fields, version.data?.snapshot.fields, other.data?.snapshot.fields)

  if (schemaLoading || draft.isLoading || versions.isLoading) return <Loading label="Loading versions" />
  if (schemaError || draft.error || versions.error) return <div className="screen"><h1>Versions</h1><ErrorView error={schemaError ?? draft.error ?? versions.error} /></div>
  if (!collection || !draft.data) return <div className="screen"><h1>Versions</h1><ErrorView error={new Error('This entry does not exist.')} /></div>

  const tf = titleField(collection)
  const title = (tf && typeof draft.data.fields[tf.name] === 'string' && (draft.data.fields[tf.name] as string)) || 'Untitled entry'
  const current = list.find((v) => v.version_number === selected)
  const select = (next: Record<string, string | null>) => setParams((prev) => {
    const p = new URLSearchParams(prev)
    for (const [k, v] of Object.entries(next)) if (v === null) p.delete(k); else p.set(k, v)
    return p
  }, { replace: true })
  const refresh = () => qc.invalidateQueries({ queryKey: ['entries', slug] })

  const revert = async () => {
    if (!current) return
    setReverting(true)
    try {
      const { data } = await api.post<VersionReverted>(entryPath(slug, uuid, `versions/${current.version_number}/revert`), undefined, { ifMatch: draft.etag })
      setConfirmRevert(false)
      notify(data.message, 'success')
      await refresh()
      select({ v: String(data.version.version_number), compare: 'draft' })
    } catch (err) {
      if (err instanceof ApiError && err.status === 412) {
        setConfirmRevert(false)
        notify('The entry was changed elsewhere since this page loaded. The page now shows the latest draft: check the comparison and revert again.', 'error')
        await refresh()
        return
      }
      notify(err instanceof ApiError ? err.message : 'The revert failed.', 'error')
    } finally {
      setReverting(false)
    }
  }

  const otherFields = compareNumber === null ? draft.data.fields : other.data?.snapshot.fields
  const otherLabel = compareNumber === null ? 'Current draft' : `Version ${compareNumber}`
  // The draft is always newer than any version; between two versions the higher number is.
  const newerIsSelected = compareNumber !== null && current !== undefined && current.version_number > compareNumber

  return (
    <div className="screen">
      <EntryTabs collection={collection} uuid={uuid} title={title} />
      <div className="screen-header">
        <div>
          <h1>Versions of “{title}”</h1>
          <p className="subtitle">Each publish keeps a version. Compare one with the draft, label it, or bring it back.</p>
        </div>
      </div>
      {list.length === 0 ? (
        <div className="card empty">
          <p>This entry has never been published, so it has no versions yet.</p>
          <p className="muted">Publishing the draft creates version 1.</p>
        </div>
      ) : (
        <div className="split">
          <VersionList versions={list} selected={selected} onSelect={(n) => select({ v: String(n) })} />
          <section className="card" aria-labelledby="version-heading">
            {!current || version.isLoading ? <Loading label="Loading the version" /> : version.error ? <ErrorView error={version.error} /> : version.data && (
              <>
                <div className="panel-head">
                  <div>
                    <h2 id="version-heading">
                      Version {current.version_number}{current.label ? ` · ${current.label}` : ''}
                    </h2>
                    <p className="muted">
                      Published {formatDate(current.published_at)}{current.created_by ? ` by ${current.created_by}` : ''}
                      {current.is_current_published ? ' · the version the API serves now' : ''}
                    </p>
                    {current.description && <p>{current.description}</p>}
                  </div>
                  {can('update') && (
                    <div className="toolbar">
                      <Button onClick={() => setLabelling(true)}>{current.label ? 'Edit label' : 'Add label'}</Button>
                      {/* Reverting to the version already live would only mint a copy of it. */}
                      {!current.is_current_published && <Button onClick={() => setConfirmRevert(true)}>Revert to this version</Button>}
                    </div>
                  )}
                </div>
                <div className="toolbar compare-bar">
                  <label htmlFor="compare-with">Compare with</label>
                  <select id="compare-with" className="input compare-select" value={viewOnly ? 'none' : compareNumber === null ? 'draft' : String(compareNumber)} onChange={(e) => select({ compare: e.target.value })}>
                    <option value="draft">Current draft</option>
                    <option value="none">Nothing: show this version only</option>
                    {list.filter((v) => v.version_number !== current.version_number).map((v) => (
                      <option key={v.version_number} value={v.version_number}>Version {v.version_number}{v.label ? ` (${v.label})` : ''}</option>
                    ))}
                  </select>
                  {!viewOnly && (
                    <label className="check">
                      <input type="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
                      Show unchanged fields
                    </label>
                  )}
                </div>
                {viewOnly ? (
                  <SnapshotTable fields={collection.fields} values={version.data.snapshot.fields} names={names} caption={`Content of version ${current.version_number}`} />
                ) : otherFields ? (
                  <DiffTable
                    fields={collection.fields}
                    // The older side is the base: what the newer one added is marked added, never struck.
                    left={newerIsSelected ? otherFields : version.data.snapshot.fields}
                    right={newerIsSelected ? version.data.snapshot.fields : otherFields}
                    leftLabel={newerIsSelected ? otherLabel : `Version ${current.version_number}`}
                    rightLabel={newerIsSelected ? `Version ${current.version_number}` : otherLabel}
                    showUnchanged={showUnchanged}
                    names={names}
                    caption={`Differences between version ${current.version_number} and ${otherLabel.toLowerCase()}`}
                  />
                ) : other.error ? <ErrorView error={other.error} /> : <Loading label="Loading the comparison" />}
              </>
            )}
          </section>
        </div>
      )}
      {current && (
        <>
          <Dialog
            open={confirmRevert}
            title={`Revert to version ${current.version_number}?`}
            onClose={() => setConfirmRevert(false)}
            actions={<>
              <Button onClick={() => setConfirmRevert(false)}>Cancel</Button>
              <Button variant="primary" busy={reverting} onClick={() => void revert()}>Revert and publish</Button>
            </>}
          >
            <p>
              The draft becomes the content of version {current.version_number}, and it is published at once as version{' '}
              {Math.max(...list.map((v) => v.version_number)) + 1}.
            </p>
            <p className="muted">Unpublished changes in the current draft are replaced. Every version stays in the history, so this can be undone by reverting again.</p>
          </Dialog>
          <LabelDialog
            open={labelling}
            slug={slug}
            uuid={uuid}
            version={current}
            onClose={() => setLabelling(false)}
            onSaved={() => { setLabelling(false); notify('Label saved.', 'success'); void refresh() }}
          />
        </>
      )}
    </div>
  )
}
