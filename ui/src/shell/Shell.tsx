import { NavLink, Outlet } from 'react-router'
import { useSchema } from '../schema.ts'
import { useSession, useSignedIn } from '../session.tsx'
import { useLiveEvents } from '../events.ts'
import { useGitStatus } from '../screens/changes/gitApi.ts'
import { countChanges } from '../screens/changes/changeItems.ts'
import { GlobalSearch } from '../search/GlobalSearch.tsx'

/** The frame of every signed-in screen: navigation on the left, the screen on the right. */
export function Shell() {
  const session = useSignedIn()
  const { signOut, can } = useSession()
  const schema = useSchema()
  useLiveEvents()
  return (
    <div className="shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">◆</span>
          <span className="brand-name">{session.project.name}</span>
        </div>
        <GlobalSearch />
        <ul className="nav-list">
          <li><NavLink to="/" end>Home</NavLink></li>
          <li><NavLink to="/upcoming">Upcoming</NavLink></li>
          <li><NavLink to="/releases">Releases</NavLink></li>
        </ul>
        <h2 className="nav-heading" id="nav-collections">Collections</h2>
        <ul className="nav-list" aria-labelledby="nav-collections">
          {schema.data?.collections.map((c) => (
            <li key={c.uuid}><NavLink to={`/c/${encodeURIComponent(c.slug)}`}>{c.name}</NavLink></li>
          ))}
          {schema.isLoading && <li className="nav-muted">Loading…</li>}
        </ul>
        <h2 className="nav-heading" id="nav-project">Project</h2>
        <ul className="nav-list" aria-labelledby="nav-project">
          <li><NavLink to="/media">Media</NavLink></li>
          {can('admin') && <li><NavLink to="/webhooks">Webhooks</NavLink></li>}
          {can('admin') && <li><NavLink to="/schema">Schema</NavLink></li>}
          {can('admin') && <li><ChangesLink /></li>}
          {can('admin') && <li><NavLink to="/outbox">Outbox</NavLink></li>}
        </ul>
        <div className="sidebar-footer">
          <div className="who">Signed in as <strong>{session.name}</strong></div>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void signOut()}>Sign out</button>
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}

/** "Changes" with how many changes are saved but not committed (nothing when the content is not in git). */
function ChangesLink() {
  const status = useGitStatus()
  const count = status.data ? countChanges(status.data.files) : 0
  return (
    <NavLink to="/changes">
      Changes
      {count > 0 && <> <span className="badge badge-changed">{count}<span className="visually-hidden"> not committed</span></span></>}
    </NavLink>
  )
}
