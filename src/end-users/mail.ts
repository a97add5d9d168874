import { randomBytes } from 'node:crypto'
import { sha256, type AuthDocument, type EndUserRecord, type MailMessage } from './auth-db.ts'
import { VERIFICATION_TTL_SECONDS } from './settings.ts'

/**
 * The local outbox: what the project would email its end users, kept in the store for
 * `cms auth mail` (like the Supabase local inbox). No mail ever leaves the machine.
 */
export function addMail(doc: AuthDocument, message: Omit<MailMessage, 'id'>): MailMessage {
  const mail: MailMessage = { id: doc.next_ids.mail++, ...message }
  doc.mail.push(mail)
  return mail
}

/**
 * A new verification link for `user` (earlier ones stop working); the link goes to the
 * project's `verification_url` when set, else to this server's confirm route.
 */
export function addVerificationMail(doc: AuthDocument, user: EndUserRecord, options: { linkBase: string | null; nowMs: number }): MailMessage {
  const token = randomBytes(32).toString('base64url')
  doc.verifications = doc.verifications.filter((v) => v.user_uuid !== user.uuid)
  doc.verifications.push({
    hash: sha256(token), user_uuid: user.uuid,
    expires_at: new Date(options.nowMs + VERIFICATION_TTL_SECONDS * 1000).toISOString(), created_at: new Date(options.nowMs).toISOString(),
  })
  const link = options.linkBase ? `${options.linkBase}${options.linkBase.includes('?') ? '&' : '?'}token=${token}` : null
  const how = link ? `Open this link to confirm it:\n\n${link}` : `Confirm it with POST /auth/verify-email/confirm and the body {"token": "${token}"}.`
  return addMail(doc, {
    kind: 'verification', to: user.email, subject: 'Confirm your email address',
    text: `Hello${user.display_name ? ` ${user.display_name}` : ''},\n\nplease confirm your email address. ${how}\n\nThe link works for ${VERIFICATION_TTL_SECONDS / 3600} hours.\n`,
    link, created_at: new Date(options.nowMs).toISOString(),
  })
}

export function addPasswordChangedMail(doc: AuthDocument, user: EndUserRecord, nowMs: number): MailMessage {
  return addMail(doc, {
    kind: 'password-changed', to: user.email, subject: 'Your password was changed',
    text: `Hello${user.display_name ? ` ${user.display_name}` : ''},\n\nthe password of your account was just changed, and your other sessions were signed out. If this was not you, contact the site's owner.\n`,
    link: null, created_at: new Date(nowMs).toISOString(),
  })
}
