import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { AssetCard } from './AssetCard.tsx'
import { AssetDetail } from './AssetDetail.tsx'
import { Uploader } from './Uploader.tsx'
import { useAssets } from './mediaApi.ts'
import '../versions/secondary.css'

const TYPES: Array<[string, string]> = [['', 'All files'], ['image', 'Images'], ['video', 'Video'], ['audio', 'Audio'], ['document', 'Documents'], ['trash', 'In the trash']]

/**
 * The media library: every uploaded file, newest first, with search, a type filter and pages;
 * drop files to upload them; open one to edit its details, see where it is used, or delete it.
 * Search, filter, page and the open file are in the URL (`?q=&type=&page=&asset=`).
 */
export default function MediaScreen() {
  const [params, setParams] = useSearchParams()
  const { can } = useSession()
  const q = params.get('q') ?? ''
  const type = params.get('type') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const open = params.get('asset')
  const [search, setSearch] = useState(q)
  const assets = useAssets(q, type, page)

  const set = (next: Record<string, string | null>) => setParams((prev) => {
    const p = new URLSearchParams(prev)
    for (const [k, v] of Object.entries(next)) if (v === null || v === '') p.delete(k); else p.set(k, v)
    return p
  }, { replace: true })
  useEffect(() => {
    const t = setTimeout(() => { if (search.trim() !== q) set({ q: search.trim(), page: null }) }, 300)
    return () => clearTimeout(t)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search])

  const meta = assets.data?.meta
  return (
    <div className="screen">
      <div className="screen-header">
        <div>
          <h1>Media library</h1>
          <p className="subtitle">{meta ? `${meta.total} ${meta.total === 1 ? 'file' : 'files'}` : 'Files you can use in entries'}</p>
        </div>
      </div>
      {can('create') && <Uploader />}
      <div className="filters" role="search">
        <div className="field field-search">
          <label className="field-label" htmlFor="media-search">Search files</label>
          <input id="media-search" type="search" value={search} placeholder="Name, title or alt text" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="media-type">Type</label>
          <select id="media-type" value={type} onChange={(e) => set({ type: e.target.value, page: null })}>
            {TYPES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
      </div>
      {assets.isLoading ? <Loading label="Loading files" /> : assets.error ? <ErrorView error={assets.error} /> : assets.data && (
        assets.data.data.length === 0 ? (
          <div className="card empty">{type === 'trash' ? 'The trash is empty.' : q || type ? 'No file matches.' : 'No files yet. Drop some above to upload them.'}</div>
        ) : (
          <>
            <ul className="library-grid" aria-label="Files">
              {assets.data.data.map((a) => <AssetCard key={a.uuid} asset={a} trashed={type === 'trash'} canRestore={can('update')} onOpen={() => set({ asset: a.uuid })} />)}
            </ul>
            {meta && meta.last_page > 1 && (
              <nav className="pager" aria-label="Pages">
                <Button size="small" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>Previous</Button>
                <span>Page {meta.current_page} of {meta.last_page}</span>
                <Button size="small" disabled={page >= meta.last_page} onClick={() => set({ page: String(page + 1) })}>Next</Button>
              </nav>
            )}
          </>
        )
      )}
      {open && <AssetDetail key={open} uuid={open} onClose={() => set({ asset: null })} />}
    </div>
  )
}
