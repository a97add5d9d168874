import { useQuery } from '@tanstack/react-query'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { api } from '../../api.ts'
import { useSession } from '../../session.tsx'
import { ErrorView, Loading } from '../../components/Status.tsx'
import { formatWhen } from '../../format.ts'
import '../versions/secondary.css'

import type { MailOutbox } from '../../../../src/end-users/admin.ts'

/**
 * The local outbox of project auth: the emails end users would have received (verification
 * links, password changes), since `cms` sends no mail. `cms auth mail` prints the same.
 */
export default function OutboxScreen() {
  const { can } = useSession()
  const admin = can('admin')
  const mail = useQuery({
    queryKey: ['auth-mail'],
    queryFn: async () => (await api.get<MailOutbox>('/_admin/api/auth/mail')).data,
    enabled: admin,
    // Someone on this screen is usually waiting for the link they just triggered (a sign-up, a
    // reset): a read of a local file every 2 s shows it soon, at no cost worth counting.
    refetchInterval: 2000,
  })
  const header = (
    <ScreenHeader title="Outbox" subtitle={'Emails your site\'s users would have received: no mail is sent while you develop.'} />
  )
  if (!admin) {
    return <div className="screen">{header}<div className="notice notice-info" role="status">The outbox needs a session with the admin ability.</div></div>
  }
  if (mail.isLoading) return <Loading label="Loading the outbox" />
  if (mail.error) return <div className="screen">{header}<ErrorView error={mail.error} /></div>
  const { enabled, data } = mail.data ?? { enabled: false, data: [] }
  return (
    <div className="screen">
      {header}
      {!enabled && (
        <div className="notice notice-info" role="status">
          {/* One block of text: the notice lays its children out side by side (a message and a button). */}
          <span>Project auth is off, so your site&apos;s users cannot sign up yet. Turn it on in <code>project.yaml</code> with <code>auth: {'{'} enabled: true {'}'}</code>.</span>
        </div>
      )}
      {data.length === 0 ? (
        <div className="card empty">
          <p>No emails yet.</p>
          <p className="muted">When someone signs up with email verification on, or changes their password, the message shows here.</p>
        </div>
      ) : (
        <ul className="outbox" aria-label="Emails">
          {data.map((m) => (
            <li key={m.id} className="card">
              <h2 className="outbox-subject">{m.subject}</h2>
              <p className="muted">To {m.to} · <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time></p>
              <pre className="outbox-text">{m.text}</pre>
              {m.link && <p><a href={m.link} target="_blank" rel="noreferrer">Open the link</a></p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
