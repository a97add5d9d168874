import { useEffect, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api.ts'
import { useSchema } from '../schema.ts'
import { useSession, useSignedIn } from '../session.tsx'
import { useLiveEvents } from '../events.ts'
import { useGitStatus } from '../screens/changes/gitApi.ts'
import { countChanges } from '../screens/changes/changeItems.ts'
import { GlobalSearch } from '../search/GlobalSearch.tsx'
import type { MailOutbox } from '../../../src/end-users/admin.ts'

/**
 * The frame of every signed-in screen: navigation on the left, the screen on the right. Below
 * 768 px the navigation folds behind a menu button in a top bar (styles.css, "Shell: phone"),
 * so a phone shows the screen, not the list of collections.
 */
export function Shell() {
  const session = useSignedIn()
  const { signOut, can } = useSession()
  const schema = useSchema()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  useLiveEvents()
  // Choosing a screen closes the menu (on a phone it covers the screen).
  useEffect(() => { setMenuOpen(false) }, [location.pathname])
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setMenuOpen(false) }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])
  return (
    <div className={menuOpen ? 'shell shell-menu-open' : 'shell'}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="main-nav" onClick={() => setMenuOpen((o) => !o)}>
          <span aria-hidden="true" className="menu-icon">☰</span> Menu
        </button>
        <span className="topbar-name">{session.project.name}</span>
      </header>
      <nav className="sidebar" id="main-nav" aria-label="Main">
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
          {can('admin') && <OutboxLink />}
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

/** The Outbox holds project auth's mail: only offered while project auth is on (it is empty otherwise). */
function OutboxLink() {
  // The Outbox screen's own query (it refetches while open), so turning auth on shows the link.
  const mail = useQuery({
    queryKey: ['auth-mail'],
    queryFn: async () => (await api.get<MailOutbox>('/_admin/api/auth/mail')).data,
    select: (d) => d.enabled,
    staleTime: 30_000,
  })
  if (!mail.data) return null
  return <li><NavLink to="/outbox">Outbox</NavLink></li>
}
