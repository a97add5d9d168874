import { Link, NavLink } from 'react-router'
import type { Collection } from '../../types.ts'

/** Breadcrumbs and the tabs shared by an entry's form, versions and translations. */
export function EntryTabs({ collection, uuid, title }: { collection: Collection; uuid: string; title: string }) {
  const base = `/c/${encodeURIComponent(collection.slug)}/${encodeURIComponent(uuid)}`
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`/c/${encodeURIComponent(collection.slug)}`}>{collection.name}</Link>
        {' / '}
        <Link to={base}>{title}</Link>
      </nav>
      <nav className="entry-tabs" aria-label="Entry">
        <NavLink to={base} end>Edit</NavLink>
        <NavLink to={`${base}/versions`}>Versions</NavLink>
        <NavLink to={`${base}/translations`}>Translations</NavLink>
      </nav>
    </>
  )
}
