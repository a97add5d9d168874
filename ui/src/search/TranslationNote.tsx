import { Link } from 'react-router'
import { Notice } from '../components/Toast.tsx'
import { useSession } from '../session.tsx'
import { languageList, languageName } from './languageName.ts'
import { useMissingLocales } from './searchApi.ts'

/**
 * On the entry form: the languages this entry is not yet in, with the way to create a
 * translation the Translations screen already offers (`?create=<locale>` opens its dialog).
 */
export function TranslationNote({ collection, uuid, locales }: { collection: string; uuid: string; locales: string[] }) {
  const { can } = useSession()
  const missing = useMissingLocales(collection, [uuid], locales.length > 1).data?.[uuid] ?? []
  if (missing.length === 0) return null
  const screen = `/c/${encodeURIComponent(collection)}/${encodeURIComponent(uuid)}/translations`
  const action = !can('create') || !can('update') ? null
    : missing.length === 1
      ? <Link className="btn btn-secondary btn-small" to={`${screen}?create=${encodeURIComponent(missing[0]!)}`}>Create the {languageName(missing[0]!)} translation</Link>
      : <Link className="btn btn-secondary btn-small" to={screen}>Add a translation</Link>
  return (
    <div className="translation-note" data-testid="translation-note">
      <Notice tone="info" actions={action}>This entry is not yet in {languageList(missing)}.</Notice>
    </div>
  )
}
