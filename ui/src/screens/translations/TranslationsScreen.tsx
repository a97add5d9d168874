import { useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError, api, entryPath } from '../../api.ts'
import { titleField, useCollection, useSchema } from '../../schema.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { useToast } from '../../components/Toast.tsx'
import type { Entry } from '../../types.ts'
import { EntryTabs } from '../versions/EntryTabs.tsx'
import { useDraft } from '../versions/useEntryData.ts'
import { LinkDialog } from './LinkDialog.tsx'
import { SideBySide } from './SideBySide.tsx'
import { toInput } from './toInput.ts'
import { localeName, useTranslations } from './useTranslations.ts'
import '../versions/secondary.css'

/**
 * An entry in every project locale: which translations exist, create a missing one as a copy
 * of this entry (then translate it in the form), link an entry that already exists, and read two
 * locales side by side (`?left=en&right=fr`).
 */
export default function TranslationsScreen() {
  const { collection: slug = '', uuid = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const { notify } = useToast()
  const { can } = useSession()
  const schema = useSchema()
  const { collection } = useCollection(slug)
  const draft = useDraft(slug, uuid)
  const locales = schema.data?.locales ?? []
  const translations = useTranslations(slug, uuid, locales, draft.data)
  // `?create=de` (the entry form's "Create the German translation") opens the create dialog at once.
  const [creating, setCreating] = useState<string | null>(() => params.get('create'))
  const [linking, setLinking] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (schema.isLoading || draft.isLoading) return <Loading label="Loading translations" />
  if (schema.error || draft.error) return <div className="screen"><h1>Translations</h1><ErrorView error={schema.error ?? draft.error} /></div>
  if (!collection || !draft.data) return <div className="screen"><h1>Translations</h1><ErrorView error={new Error('This entry does not exist.')} /></div>

  const own = draft.data
  const tf = titleField(collection)
  const titleOf = (e: Entry) => (tf && typeof e.fields[tf.name] === 'string' && (e.fields[tf.name] as string)) || 'Untitled entry'
  const found = translations.data ?? {}
  const existing = locales.filter((l) => found[l])
  const left = params.get('left') && found[params.get('left')!] ? params.get('left')! : own.locale
  const right = params.get('right') && found[params.get('right')!] ? params.get('right')! : existing.find((l) => l !== left) ?? null
  const setSide = (next: { left?: string; right?: string }) => setParams((prev) => {
    const p = new URLSearchParams(prev)
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v)
    return p
  }, { replace: true })
  const refresh = () => qc.invalidateQueries({ queryKey: ['entries', slug] })

  const create = async (locale: string) => {
    setBusy(true)
    let created: Entry | null = null
    try {
      created = (await api.post<{ data: Entry }>(entryPath(slug), { data: toInput(collection.fields, own.fields), locale })).data.data
      await api.post(entryPath(slug, uuid, 'link-translation'), { translation_entry_uuid: created.uuid })
      setCreating(null)
      notify(`The ${localeName(locale)} translation was created as a draft. Translate it now.`, 'success')
      await refresh()
      navigate(`/c/${encodeURIComponent(slug)}/${encodeURIComponent(created.uuid)}`)
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'The translation could not be created.'
      notify(created ? `The ${locale} entry was created but could not be linked: ${message}` : message, 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="screen">
      <EntryTabs collection={collection} uuid={uuid} title={titleOf(own)} />
      <div className="screen-header">
        <div>
          <h1>Translations of “{titleOf(own)}”</h1>
          <p className="subtitle">This entry is in {localeName(own.locale)}. Each locale holds its own entry, linked in one translation group.</p>
        </div>
      </div>

      <nav className="locale-nav" aria-label="Switch locale">
        {locales.map((l) => {
          const entry = found[l]
          if (l === own.locale) return <span key={l} className="current" aria-current="page">{l}</span>
          if (!entry) return <span key={l} className="missing" title={`No ${l} translation yet`}><span className="visually-hidden">{localeName(l)}: </span>{l} (none)</span>
          return <Link key={l} to={`/c/${encodeURIComponent(slug)}/${encodeURIComponent(entry.uuid)}/translations`}>{l}<span className="visually-hidden">: Switch to {localeName(l)}</span></Link>
        })}
      </nav>

      {translations.isLoading ? <Loading label="Looking for translations" /> : translations.error ? <ErrorView error={translations.error} /> : (
        <div className="table-wrap">
          <table className="table table-cards">
            <caption className="visually-hidden">Translations by locale</caption>
            <thead><tr><th scope="col">Locale</th><th scope="col">Entry</th><th scope="col">State</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {locales.map((l) => {
                const entry = found[l]
                return (
                  <tr key={l} data-locale={l}>
                    <td><span className="badge badge-locale">{l}</span> {localeName(l).replace(` (${l})`, '')}</td>
                    <td className="cell-title" data-label="Entry">
                      {entry ? <Link to={`/c/${encodeURIComponent(slug)}/${encodeURIComponent(entry.uuid)}`}>{titleOf(entry)}</Link> : <span className="muted">No translation yet</span>}
                      {entry?.uuid === own.uuid && <span className="muted"> (this entry)</span>}
                    </td>
                    <td className="cell-state">{entry ? (entry.published_at ? <span className="badge badge-published">Published</span> : <span className="badge badge-draft">Draft</span>) : null}</td>
                    <td>
                      <div className="row-actions">
                        {entry && entry.uuid !== own.uuid && (
                          <Button size="small" onClick={() => { setSide({ left: own.locale, right: l }); document.getElementById('side-heading')?.scrollIntoView({ behavior: 'smooth' }) }}>Compare</Button>
                        )}
                        {!entry && can('create') && can('update') && (
                          <>
                            <Button size="small" variant="primary" onClick={() => setCreating(l)}>Create {l} translation</Button>
                            <Button size="small" onClick={() => setLinking(l)}>Link existing {l} entry</Button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}

      <section className="section-gap" aria-labelledby="side-heading">
        <h2 id="side-heading">Side by side</h2>
        {existing.length < 2 || !right ? (
          <p className="muted">Once a second locale exists, its fields appear here next to this entry’s.</p>
        ) : (
          <>
            <div className="toolbar compare-bar">
              <label htmlFor="left-locale">Left</label>
              <select id="left-locale" className="compare-select" value={left} onChange={(e) => setSide({ left: e.target.value })}>
                {existing.map((l) => <option key={l} value={l}>{localeName(l)}</option>)}
              </select>
              <label htmlFor="right-locale">Right</label>
              <select id="right-locale" className="compare-select" value={right} onChange={(e) => setSide({ right: e.target.value })}>
                {existing.map((l) => <option key={l} value={l}>{localeName(l)}</option>)}
              </select>
            </div>
            <SideBySide fields={collection.fields} left={found[left]!} right={found[right]!} />
          </>
        )}
      </section>

      <Dialog
        open={creating !== null && translations.data !== undefined && !translations.data[creating] && locales.includes(creating) && can('create') && can('update')}
        title={`Create the ${creating ? localeName(creating) : ''} translation?`}
        onClose={() => setCreating(null)}
        actions={<>
          <Button onClick={() => setCreating(null)}>Cancel</Button>
          <Button variant="primary" busy={busy} onClick={() => creating && void create(creating)}>Create translation</Button>
        </>}
      >
        <p>A new {creating} draft is created with a copy of this entry’s content and linked to it as its translation. You then translate it in the form.</p>
        <p className="muted">Passwords and fields hidden from the API are not copied.</p>
      </Dialog>
      {linking && (
        <LinkDialog
          open
          collection={collection}
          uuid={uuid}
          locale={linking}
          onClose={() => setLinking(null)}
          onLinked={() => { setLinking(null); notify('Translation linked.', 'success'); void refresh() }}
        />
      )}
    </div>
  )
}
