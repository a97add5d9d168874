import { useEffect, useState, type FormEvent } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { ADMIN_API, ApiError, api } from '../../api.ts'
import { useSession } from '../../session.tsx'
import { Button } from '../../components/Button.tsx'
import { Field } from '../../components/Field.tsx'
import { Notice } from '../../components/Toast.tsx'
import { Loading } from '../../components/Status.tsx'

const LINK_ERRORS: Record<string, string> = {
  'link-expired': 'This sign-in link has expired or was already used: each link works once. Ask for a new one.',
  'link-invalid': 'This sign-in link is not valid. Ask for a new one.',
  'signed-out': 'You are signed out.',
}

/** Sign in with an API token (a shared server), or follow the link `cms serve` printed. */
export function SignInScreen() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { session, refresh } = useSession()
  const [token, setToken] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const next = safeNext(params.get('next'))
  const linkError = params.get('error')

  useEffect(() => { document.title = 'Sign in · cms editor' }, [])

  if (session === undefined) return <Loading label="Checking your session" />
  if (session) return <Navigate to={next} replace />

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!token.trim()) { setError('Paste the access key you were given, or open your sign-in link.'); return }
    setBusy(true)
    setError(null)
    try {
      await api.post(`${ADMIN_API}/session`, { token: token.trim() })
      const s = await refresh()
      if (s) navigate(next, { replace: true })
      else setError('The server accepted the token but no session started. Are cookies allowed for this site?')
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? 'This token is not valid (unknown, revoked or expired).' : err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="signin-page">
      <div className="card signin-card">
        <h1>Sign in to the editor</h1>
        <p className="muted">Open the sign-in link you were sent, or paste the access key (API token) you were given.</p>
        {linkError && <Notice tone="warning">{LINK_ERRORS[linkError] ?? 'That sign-in link did not work. Ask for a new one.'}</Notice>}
        <form onSubmit={submit} noValidate>
          <Field label="API token" errors={error ? [error] : undefined} hint="It starts with cms_.">
            {(p) => <input type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} {...p} />}
          </Field>
          <Button type="submit" variant="primary" busy={busy}>Sign in</Button>
        </form>
        <details className="signin-help">
          <summary>Running the server yourself?</summary>
          <p className="muted">The terminal running <code>cms serve</code> shows a sign-in link; <code>cms editor-url --open</code> opens a new one, and <code>cms token create</code> makes an access key for someone else.</p>
        </details>
      </div>
    </main>
  )
}

/** Only paths inside the editor: a `next` parameter must never send the person elsewhere. */
function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  return value
}
