import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { api, ApiError, entryPath } from '../../api.ts'
import { singularName, titleField, useCollection } from '../../schema.ts'
import { useSession, useSignedIn } from '../../session.tsx'
import { TranslationNote } from '../../search/TranslationNote.tsx'
import { subscribeEvents } from '../../events.ts'
import { autosaveKey, autosaver, readAutosave } from '../../autosave.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { Notice, useToast } from '../../components/Toast.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { FieldInput } from '../../fields/FieldInput.tsx'
import { slugify } from '../../fields/slug.ts'
import { formatWhen, summarize } from '../../format.ts'
import type { Collection, Entry, Field } from '../../types.ts'
import { differs, formToWrite, jsonError, stableKey, valuesToForm, type Values } from '../../values.ts'
import { ScheduleCard } from '../scheduling/ScheduleCard.tsx'
import { ConflictDialog, type Conflict } from './ConflictDialog.tsx'
import { PreviewPane } from './PreviewPane.tsx'
import { PreviewActions } from './PreviewActions.tsx'
import { focusField, usePreviewConfig, usePreviewLink, usePreviewSave } from './preview.ts'
import { ActionBar, type EntryAction } from './ActionBar.tsx'
import type { VersionSummary } from '../versions/useEntryData.ts'

/** The entry form: `/c/:collection/new` and `/c/:collection/:uuid`. */
export default function EntryScreen() {
  const { collection: slug, uuid } = useParams()
  const [search] = useSearchParams()
  const { collection, isLoading, error } = useCollection(slug)
  if (isLoading) return <Loading />
  if (error) return <ErrorView error={error} />
  if (!collection) return <div className="screen"><h1>Collection not found</h1><p>There is no collection <code>{slug}</code>.</p></div>
  return <EntryEditor key={`${collection.slug}/${uuid ?? 'new'}`} collection={collection} uuid={uuid} requestedLocale={search.get('locale')} requestedField={search.get('field')} />
}

interface Status { version: number | null; changed: boolean }
type Action = 'save' | 'publish'

/** Fields the form edits: hidden-from-API fields cannot be read, so they are left alone (PATCH keeps them). */
function formFields(c: Collection): Field[] {
  return c.fields.filter((f) => !f.options?.hiddenInAPI)
}

function writable(fields: Field[], values: Values, keepEmpty: boolean): Values {
  return formToWrite(fields, values, { keepEmpty })
}

/** What autosave keeps: never a password. */
function withoutSecrets(fields: Field[], values: Values): Values {
  const out = { ...values }
  for (const f of fields) if (f.type === 'password') delete out[f.name]
  return out
}

function EntryEditor({ collection, uuid, requestedLocale, requestedField }: { collection: Collection; uuid: string | undefined; requestedLocale: string | null; requestedField: string | null }) {
  const session = useSignedIn()
  const { can } = useSession()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const { notify } = useToast()
  const fields = useMemo(() => formFields(collection), [collection])
  const isNew = !uuid
  const base0 = useMemo(() => valuesToForm(fields, {}), [fields])

  const [loadError, setLoadError] = useState<unknown>(null)
  const [loaded, setLoaded] = useState(isNew)
  const [entry, setEntry] = useState<Entry | null>(null)
  const [base, setBase] = useState<Values>(base0)
  const [values, setValues] = useState<Values>(base0)
  const [locale, setLocale] = useState(() => (requestedLocale && session.project.locales.includes(requestedLocale) ? requestedLocale : session.project.default_locale))
  const [status, setStatus] = useState<Status>({ version: null, changed: false })
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [trashed, setTrashed] = useState(false)
  const [changedElsewhere, setChangedElsewhere] = useState<null | 'changed' | 'deleted'>(null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [restored, setRestored] = useState<{ savedAt: string; serverChanged: boolean } | null>(null)
  const [confirmDiscard, setConfirmDiscard] = useState(false)
  const [slugTouched, setSlugTouched] = useState<Set<string>>(new Set())

  const etag = useRef<string | null>(null)
  const serverEtag = useRef<string | null>(null)
  const pendingWrites = useRef(0)
  const [autosave] = useState(autosaver)
  // Set once a new entry is created: this form is done, nothing of it is "unsaved" any more.
  const created = useRef(false)
  const recheck = useRef(false)
  const allowLeave = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  // Read by the event listener after this render: our own delete must not look like someone else's.
  const trashedRef = useRef(false)
  trashedRef.current = trashed

  const storageKey = autosaveKey(session.project.uuid, collection.slug, uuid, isNew ? locale : entry?.locale ?? locale)
  const dirty = loaded && !trashed && stableKey(writable(fields, values, true)) !== stableKey(writable(fields, base, true))

  const loadStatus = useCallback(async (e: Entry) => {
    if (!e.published_at) { setStatus({ version: null, changed: false }); return }
    try {
      const [versions, published] = await Promise.all([
        api.get<VersionSummary[]>(entryPath(collection.slug, e.uuid, 'versions')),
        api.get<{ data: Entry }>(entryPath(collection.slug, e.uuid), { query: { state: 'published' } }),
      ])
      const current = versions.data.find((v) => v.is_current_published) ?? versions.data[0]
      setStatus({ version: current?.version_number ?? null, changed: differs(collection, e.fields, published.data.data.fields) })
    } catch {
      setStatus({ version: null, changed: false })
    }
  }, [collection])

  /** Reads the draft and its ETag; `restore` brings back what autosave kept. */
  const load = useCallback(async (options: { restore: boolean }) => {
    if (!uuid) return
    try {
      const res = await api.get<{ data: Entry }>(entryPath(collection.slug, uuid), { query: { state: 'draft', timestamps: 1 } })
      const e = res.data.data
      const serverValues = valuesToForm(fields, e.fields)
      etag.current = res.etag
      serverEtag.current = res.etag
      setEntry(e)
      setLocale(e.locale)
      setBase(serverValues)
      setValues(serverValues)
      setErrors({})
      setErrorMessage(null)
      setChangedElsewhere(null)
      setTrashed(false)
      // A slug that does not follow its source was typed by someone: leave it alone.
      const touched = new Set<string>()
      for (const f of fields) {
        const source = f.type === 'slug' ? f.options?.slug?.field : null
        if (source && serverValues[f.name] && serverValues[f.name] !== slugify(String(serverValues[source] ?? ''))) touched.add(f.name)
      }
      setSlugTouched(touched)
      if (options.restore) {
        const saved = readAutosave(autosaveKey(session.project.uuid, collection.slug, uuid, e.locale))
        if (saved && stableKey(writable(fields, saved.values, true)) !== stableKey(writable(fields, serverValues, true))) {
          const serverChanged = saved.etag !== res.etag
          setValues({ ...serverValues, ...saved.values })
          if (serverChanged) {
            // Saving will meet the newer server state and ask (conflict dialog) instead of overwriting.
            etag.current = saved.etag
            setBase(saved.base)
          }
          setRestored({ savedAt: saved.savedAt, serverChanged })
        }
      }
      setLoaded(true)
      void loadStatus(e)
    } catch (err) {
      setLoadError(err)
    }
  }, [uuid, collection.slug, fields, session.project.uuid, loadStatus])

  useEffect(() => {
    if (uuid) { void load({ restore: true }); return }
    const saved = readAutosave(storageKey)
    if (saved) { setValues({ ...base0, ...saved.values }); setRestored({ savedAt: saved.savedAt, serverChanged: false }) }
    // Only on mount: a locale switch on a new entry must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const name = isNew ? `New ${singularName(collection).toLowerCase()}` : summarize(titleField(collection) ? values[titleField(collection)!.name] : '', 60) || collection.name
    document.title = `${name} · cms editor`
  }, [collection, isNew, values])

  // Autosave as the person types; forget it once the server has the same values.
  useEffect(() => {
    if (!loaded || created.current) return
    if (!dirty) { if (!restored) autosave.forget(storageKey); return }
    autosave.schedule(storageKey, () => ({ values: withoutSecrets(fields, values), base: withoutSecrets(fields, base), etag: etag.current }))
    return autosave.cancel
  }, [values, base, dirty, loaded, storageKey, fields, restored, autosave])

  // Leaving with unsaved changes asks first: in the app (router blocker) and for the tab (beforeunload).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowLeave.current && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); e.returnValue = '' }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  /** After a change event for this entry: is the server still at the ETag the form started from? */
  const checkRemote = useCallback(async () => {
    if (!uuid || trashedRef.current) return
    if (pendingWrites.current > 0) { recheck.current = true; return }
    try {
      const res = await api.get<{ data: Entry }>(entryPath(collection.slug, uuid), { query: { state: 'draft' } })
      if (res.etag && res.etag !== serverEtag.current) setChangedElsewhere('changed')
    } catch (err) {
      if (err instanceof ApiError && err.status === 404 && !trashedRef.current) setChangedElsewhere('deleted')
    }
  }, [uuid, collection.slug])

  useEffect(() => subscribeEvents((ev) => {
    if (ev.kind === 'entry' && ev.uuid === uuid) void checkRemote()
  }), [uuid, checkRemote])

  // The preview (docs/preview.md): the pane saves the draft as the person types.
  const previewConfig = usePreviewConfig()
  const [previewOpen, setPreviewOpen] = useState(false)
  const previewLink = usePreviewLink(Boolean(previewConfig?.origin) && can('update'), collection.slug, uuid)
  usePreviewSave(previewOpen && !isNew && !trashed && can('update'), values, dirty, () => save('save', etag.current, true))
  useEffect(() => {
    if (loaded && requestedField) requestAnimationFrame(() => focusField(formRef.current, fields, requestedField))
  }, [loaded, requestedField, fields])

  function setField(name: string, v: unknown) {
    setValues((prev) => {
      const next = { ...prev, [name]: v }
      for (const f of fields) {
        if (f.type !== 'slug' || f.options?.slug?.field !== name || slugTouched.has(f.name)) continue
        if (f.options.slug.readonly && !isNew) continue
        next[f.name] = slugify(String(v ?? ''))
      }
      return next
    })
    if (fields.some((f) => f.name === name && f.type === 'slug')) setSlugTouched((s) => new Set(s).add(name))
    if (errors[`data.${name}`]) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== `data.${name}` && !k.startsWith(`data.${name}.`))))
  }

  /** Applies a write's answer: the new ETag, and the server's values unless the person typed meanwhile. */
  async function settle(sent: Values, answer: Entry | null, answerEtag: string | null) {
    let e = answer
    let tag = answerEtag
    if (!e || !tag) {
      const res = await api.get<{ data: Entry }>(entryPath(collection.slug, (e ?? entry)!.uuid), { query: { state: 'draft', timestamps: 1 } })
      e = res.data.data
      tag = res.etag
    }
    etag.current = tag
    serverEtag.current = tag
    const serverValues = valuesToForm(fields, e.fields)
    // A write's answer carries no timestamps: keep Created, and Updated is now.
    const answered = e
    setEntry((prev) => ({ ...answered, created_at: answered.created_at ?? prev?.created_at, updated_at: answered.updated_at ?? new Date().toISOString() }))
    setBase(serverValues)
    setValues((current) => (stableKey(writable(fields, current, true)) === stableKey(writable(fields, sent, true)) ? serverValues : current))
    setErrors({})
    setErrorMessage(null)
    setRestored(null)
    setChangedElsewhere(null)
    autosave.forget(storageKey)
    void loadStatus(e)
    void qc.invalidateQueries({ queryKey: ['entries', collection.slug] })
    void qc.invalidateQueries({ queryKey: ['overview'] })
  }

  function jsonProblems(): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const f of fields) {
      if (f.type !== 'json') continue
      const problem = jsonError(String(values[f.name] ?? ''))
      if (problem) out[`data.${f.name}`] = [`Fix the JSON before saving: ${problem}`]
    }
    return out
  }

  async function run<T>(label: string, fn: () => Promise<T>): Promise<T | undefined> {
    // The preview's saves as the person types ('' label) keep the buttons as they are.
    if (label) setBusy(label)
    pendingWrites.current++
    try {
      return await fn()
    } finally {
      pendingWrites.current--
      if (label) setBusy(null)
      if (recheck.current && pendingWrites.current === 0) { recheck.current = false; void checkRemote() }
    }
  }

  function handleError(err: unknown, action: string, retry?: (etag: string | null) => Promise<void>) {
    if (err instanceof ApiError && err.status === 412 && retry) { void openConflict(retry); return }
    if (err instanceof ApiError && err.status === 422) {
      setErrors(err.errors)
      setErrorMessage(err.message)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    notify(`${action} failed: ${err instanceof Error ? err.message : String(err)}`, 'error')
  }

  async function openConflict(retry: (etag: string | null) => Promise<void>) {
    try {
      const res = await api.get<{ data: Entry }>(entryPath(collection.slug, uuid!), { query: { state: 'draft', timestamps: 1 } })
      setConflict({ theirs: valuesToForm(fields, res.data.data.fields), theirEntry: res.data.data, etag: res.etag, base, mine: values, retry })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setChangedElsewhere('deleted')
      else notify(err instanceof Error ? err.message : String(err), 'error')
    }
  }

  async function save(action: Action, ifMatch: string | null = etag.current, quiet = false) {
    const problems = jsonProblems()
    if (Object.keys(problems).length) { setErrors(problems); setErrorMessage('Some fields need fixing before saving.'); return }
    const sent = values
    const retry = (tag: string | null) => save(action, tag)
    await run(quiet ? '' : action === 'publish' ? 'Publishing' : 'Saving', async () => {
      try {
        if (isNew) {
          const res = await api.post<{ data: Entry }>(entryPath(collection.slug), { data: writable(fields, sent, false), locale, ...(action === 'publish' ? { state: 'published' } : {}) })
          created.current = true
          autosave.forget(storageKey)
          allowLeave.current = true
          notify(action === 'publish' ? 'Published.' : 'Draft saved.', 'success')
          void qc.invalidateQueries({ queryKey: ['entries', collection.slug] })
          void qc.invalidateQueries({ queryKey: ['overview'] })
          navigate(`/c/${encodeURIComponent(collection.slug)}/${res.data.data.uuid}`, { replace: true })
          return
        }
        const changed = stableKey(writable(fields, sent, true)) !== stableKey(writable(fields, base, true)) || restored !== null
        if (action === 'save' || changed) {
          const res = await api.patch<{ data: Entry }>(entryPath(collection.slug, uuid), { data: writable(fields, sent, true), ...(action === 'publish' ? { state: 'published' } : {}) }, { ifMatch })
          await settle(sent, action === 'publish' ? null : res.data.data, action === 'publish' ? null : res.etag)
        } else {
          const res = await api.post<{ entry?: Entry }>(entryPath(collection.slug, uuid, 'publish'), undefined, { ifMatch })
          await settle(sent, null, res.etag && res.data.entry ? res.etag : null)
        }
        if (!quiet) notify(action === 'publish' ? 'Published.' : 'Draft saved.', 'success')
      } catch (err) {
        handleError(err, action === 'publish' ? 'Publishing' : 'Saving', retry)
      }
    })
  }

  async function lifecycle(action: 'unpublish' | 'discard-draft' | 'delete' | 'restore', ifMatch: string | null = etag.current) {
    const retry = (tag: string | null) => lifecycle(action, tag)
    const labels = { unpublish: 'Unpublishing', 'discard-draft': 'Discarding the draft', delete: 'Deleting', restore: 'Restoring' } as const
    await run(labels[action], async () => {
      try {
        if (action === 'delete') {
          await api.delete(entryPath(collection.slug, uuid), { ifMatch })
          trashedRef.current = true
          setTrashed(true)
          autosave.forget(storageKey)
          void qc.invalidateQueries({ queryKey: ['entries', collection.slug] })
          void qc.invalidateQueries({ queryKey: ['overview'] })
          notify('Moved to the trash.', 'success')
          return
        }
        if (action === 'restore') {
          await api.post(entryPath(collection.slug, uuid, 'restore'))
          setTrashed(false)
          await settle(values, null, null)
          notify('Restored from the trash.', 'success')
          return
        }
        const res = await api.post<{ entry?: Entry }>(entryPath(collection.slug, uuid, action), undefined, { ifMatch })
        if (action === 'discard-draft') {
          const discarded = res.data.entry ?? null
          setValues(discarded ? valuesToForm(fields, discarded.fields) : base)
          await settle(discarded ? valuesToForm(fields, discarded.fields) : base, null, null)
          setValues((v) => v)
        } else {
          await settle(values, null, null)
        }
        notify(action === 'unpublish' ? 'Unpublished.' : 'Draft discarded: back to the published version.', 'success')
      } catch (err) {
        handleError(err, labels[action], retry)
      }
    })
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    void save('save')
  }

  if (loadError) {
    return (
      <div className="screen">
        <h1>{collection.name}</h1>
        {loadError instanceof ApiError && loadError.status === 404
          ? <Notice tone="warning">This entry does not exist, or is in the trash.</Notice>
          : <ErrorView error={loadError} />}
        <Link to={`/c/${encodeURIComponent(collection.slug)}`}>Back to {collection.name}</Link>
      </div>
    )
  }
  if (!loaded) return <Loading label="Loading the entry" />

  const tf = titleField(collection)
  const heading = isNew ? `New ${singularName(collection).toLowerCase()}` : (tf && summarize(base[tf.name], 80)) || `${collection.name} entry`
  const stateText = trashed ? 'In the trash' : isNew ? 'New, not saved yet' : status.version === null ? 'Draft' : status.changed ? `Changed since v${status.version}` : `Published v${status.version}`
  const stateClass = trashed ? 'trashed' : status.version === null ? 'draft' : status.changed ? 'changed' : 'published'
  const canWrite = isNew ? can('create') : can('update')
  const readOnly = !canWrite || trashed
  const knownKeys = new Set(fields.map((f) => `data.${f.name}`))
  const strayErrors = Object.entries(errors).filter(([k]) => ![...knownKeys].some((p) => k === p || k.startsWith(`${p}.`)))

  // The action bar's buttons, in order; other features append theirs (ActionBar.tsx).
  const actions: EntryAction[] = []
  if (!trashed && canWrite) {
    actions.push({ id: 'publish', label: 'Publish', variant: 'primary', main: true, busy: busy === 'Publishing', disabled: Boolean(busy) || (!isNew && !dirty && status.version !== null && !status.changed && restored === null), onClick: () => void save('publish') })
    actions.push({ id: 'save', label: 'Save draft', main: true, busy: busy === 'Saving', disabled: Boolean(busy) || (!isNew && !dirty && restored === null), onClick: () => void save('save') })
    if (!isNew && status.version !== null && status.changed) actions.push({ id: 'discard-draft', label: 'Discard draft', disabled: Boolean(busy), onClick: () => (dirty ? setConfirmDiscard(true) : void lifecycle('discard-draft')) })
    if (!isNew && status.version !== null) actions.push({ id: 'unpublish', label: 'Unpublish', disabled: Boolean(busy), onClick: () => void lifecycle('unpublish') })
  }
  if (!isNew && !trashed && can('delete')) actions.push({ id: 'delete', label: 'Delete', variant: 'danger', disabled: Boolean(busy), onClick: () => void lifecycle('delete') })

  return (
    <div className="screen">
      <div className="breadcrumbs"><Link to={`/c/${encodeURIComponent(collection.slug)}`}>{collection.name}</Link> / {isNew ? 'New entry' : 'Edit'}</div>
      <div className="screen-header">
        <div>
          <h1>{heading}</h1>
          <p className="subtitle">
            <span className={`badge badge-${stateClass}`} data-testid="entry-state">{stateText}</span>
            {dirty && <span className="muted"> · Unsaved changes</span>}
          </p>
        </div>
      </div>

      {!isNew && !trashed && entry && !collection.is_singleton && <TranslationNote collection={collection.slug} uuid={entry.uuid} locales={session.project.locales} />}
      {changedElsewhere === 'changed' && (
        <Notice tone="warning" actions={(
          <>
            <Button size="small" variant="primary" onClick={async () => { autosave.forget(storageKey); await load({ restore: false }); setRestored(null) }}>Reload</Button>
            <Button size="small" onClick={() => setChangedElsewhere(null)}>Keep editing</Button>
          </>
        )}>
          This entry was changed elsewhere. Reload to see the new version, or keep editing: saving will then show what changed before anything is overwritten.
        </Notice>
      )}
      {changedElsewhere === 'deleted' && (
        <Notice tone="warning">This entry was deleted elsewhere. Your edits are kept in this browser; copy what you need.</Notice>
      )}
      {restored && (
        <Notice tone="info" actions={(
          <Button size="small" onClick={async () => { autosave.forget(storageKey); if (uuid) await load({ restore: false }); else setValues(base0); setRestored(null) }}>Discard them</Button>
        )}>
          Your unsaved changes from {formatWhen(restored.savedAt)} were restored.{restored.serverChanged ? ' The entry has changed on the server since; saving will show what changed.' : ''}
        </Notice>
      )}
      {trashed && (
        <Notice tone="warning" actions={can('delete') ? <Button size="small" variant="primary" busy={busy === 'Restoring'} onClick={() => void lifecycle('restore')}>Restore</Button> : undefined}>
          This entry is in the trash: it is not served and cannot be edited until it is restored.
        </Notice>
      )}
      {errorMessage && (
        <Notice tone="error">
          {errorMessage}
          {strayErrors.length > 0 && <ul>{strayErrors.map(([k, v]) => <li key={k}><code>{k}</code>: {v.join(' ')}</li>)}</ul>}
        </Notice>
      )}

      <div className={previewOpen && previewLink && previewConfig?.origin ? 'form-layout with-preview' : 'form-layout'}>
        <form ref={formRef} className="form card" onSubmit={onSubmit} noValidate aria-label={heading}>
          {isNew && session.project.locales.length > 1 && (
            <div className="field">
              <label className="field-label" htmlFor="entry-locale">Locale</label>
              <select id="entry-locale" value={locale} onChange={(e) => setLocale(e.target.value)}>
                {session.project.locales.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            </div>
          )}
          {fields.map((f) => (
            <FieldInput key={f.uuid} field={f} value={values[f.name]} onChange={(v) => setField(f.name, v)} errors={errors} path={`data.${f.name}`} readOnly={readOnly} />
          ))}
          {collection.fields.length > fields.length && (
            <p className="field-hint">{collection.fields.length - fields.length} field(s) hidden from the API are not shown here and keep their values.</p>
          )}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        </form>

        <aside className="form-side" aria-label="Entry actions">
          <div className="card action-card">
            {trashed
              ? <p className="muted" style={{ margin: 0 }}>In the trash.</p>
              : <ActionBar actions={actions} state={<>{stateText}{dirty ? ' · Unsaved changes' : ''}</>} />}
          </div>
          {/* Its own card: on a phone the actions above are a bar stuck to the bottom, kept small. */}
          {!trashed && can('update') && previewConfig?.origin && (
            <div className="card"><PreviewActions configured link={previewLink} open={previewOpen} onToggle={() => setPreviewOpen((o) => !o)} canOpen={!isNew} /></div>
          )}
          {!isNew && entry && !trashed && <ScheduleCard key={entry.updated_at} collection={collection} uuid={entry.uuid} />}
          {!isNew && entry && (
            <div className="card">
              <dl className="kv">
                <dt>Locale</dt><dd><span className="badge badge-locale">{entry.locale}</span></dd>
                {entry.created_at && <><dt>Created</dt><dd>{formatWhen(entry.created_at)}</dd></>}
                {entry.updated_at && <><dt>Updated</dt><dd>{formatWhen(entry.updated_at)}</dd></>}
                {entry.published_at && <><dt>First published</dt><dd>{formatWhen(entry.published_at)}</dd></>}
              </dl>
              <ul className="nav-inline">
                <li><Link to={`/c/${encodeURIComponent(collection.slug)}/${entry.uuid}/versions`}>Versions</Link></li>
                <li><Link to={`/c/${encodeURIComponent(collection.slug)}/${entry.uuid}/translations`}>Translations</Link></li>
              </ul>
            </div>
          )}
        </aside>
        {previewOpen && previewLink && previewConfig?.origin && (
          <PreviewPane url={previewLink.url} origin={previewConfig.origin} title={heading} onClose={() => setPreviewOpen(false)}
            onEdit={(m) => { if (m.uuid === uuid && m.collection === collection.slug) focusField(formRef.current, fields, m.field) }} />
        )}
      </div>

      {conflict && (
        <ConflictDialog
          conflict={conflict}
          fields={fields}
          onKeepMine={async () => { const c = conflict; setConflict(null); await c.retry(c.etag) }}
          onTakeTheirs={() => {
            const c = conflict
            setConflict(null)
            etag.current = c.etag
            serverEtag.current = c.etag
            setEntry(c.theirEntry)
            setBase(c.theirs)
            setValues(c.theirs)
            setRestored(null)
            setChangedElsewhere(null)
            autosave.forget(storageKey)
            void loadStatus(c.theirEntry)
          }}
          onClose={() => setConflict(null)}
        />
      )}

      <Dialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        onClose={() => blocker.reset?.()}
        actions={(
          <>
            <Button variant="primary" onClick={() => blocker.reset?.()}>Stay</Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>Leave</Button>
          </>
        )}
      >
        <p>This entry has changes that are not saved on the server. They stay in this browser and come back when you open the entry again.</p>
      </Dialog>

      <Dialog
        open={confirmDiscard}
        title="Discard the draft?"
        onClose={() => setConfirmDiscard(false)}
        cancel="Cancel"
        actions={<Button variant="danger" onClick={() => { setConfirmDiscard(false); void lifecycle('discard-draft') }}>Discard draft</Button>}
      >
        <p>The draft, and your unsaved changes, go back to the published version v{status.version}.</p>
      </Dialog>
    </div>
  )
}
