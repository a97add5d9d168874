import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ADMIN_API, ApiError, api, setProjectId, setUnauthenticatedHandler } from './api.ts'
import type { Ability, Session } from './types.ts'

interface SessionState {
  /** undefined while loading, null when signed out. */
  session: Session | null | undefined
  /** Ask the server again (after signing in with a token). */
  refresh(): Promise<Session | null>
  signOut(): Promise<void>
  /** Whether the session may do this; `*` and `admin` grant everything. */
  can(ability: Ability): boolean
}

const SessionContext = createContext<SessionState | null>(null)

async function fetchSession(): Promise<Session | null> {
  try {
    const { data } = await api.get<Session>(`${ADMIN_API}/session`)
    return data
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null
    throw err
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined)

  const refresh = useCallback(async () => {
    const s = await fetchSession().catch(() => null)
    setProjectId(s?.project.uuid ?? null)
    setSession(s)
    return s
  }, [])

  useEffect(() => {
    void refresh()
    setUnauthenticatedHandler(() => { setProjectId(null); setSession(null) })
    return () => setUnauthenticatedHandler(null)
  }, [refresh])

  const signOut = useCallback(async () => {
    await api.delete(`${ADMIN_API}/session`).catch(() => undefined)
    setProjectId(null)
    setSession(null)
  }, [])

  const value = useMemo<SessionState>(() => ({
    session,
    refresh,
    signOut,
    can(ability) {
      // The session answer spells a `*` token out as every ability (sessionBody filters ABILITIES).
      const abilities = session?.abilities ?? []
      return abilities.includes('admin') || abilities.includes(ability)
    },
  }), [session, refresh, signOut])

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext)
  if (!ctx) throw new Error('useSession outside SessionProvider')
  return ctx
}

/** The signed-in session; only for components under the signed-in shell. */
export function useSignedIn(): Session {
  const { session } = useSession()
  if (!session) throw new Error('useSignedIn without a session')
  return session
}
