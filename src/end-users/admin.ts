import { isUuid } from '../core/ids.ts'
import { CmsError, notFound } from '../core/errors.ts'
import type { Project } from '../core/types.ts'
import { hashPassword } from '../schema/password.ts'
import { AuthDb, type AuthDocument, type EndUserRecord, type MailMessage } from './auth-db.ts'
import { newUserRecord, logVerification } from './accounts.ts'
import { Problems, optionalString, requiredEmail, requiredPassword } from './input.ts'
import { addVerificationMail } from './mail.ts'
import { authSettings } from './settings.ts'
import { publicKey, publicUser, type EndUserApiKey, type PublicUser } from './views.ts'

/**
 * What the project's owner does with end users from the command line (`cms user ...`,
 * `cms auth mail`). Works on `.cms/auth.json` directly, server running or not: the store's
 * lock and re-read-on-change keep both sides right.
 */
export interface AdminScope {
  stateDir: string
  project: Pick<Project, 'uuid' | 'auth'>
}

/** An end user as the project's owner sees them: the public fields plus status and counts, never a hash. */
export interface EndUserSummary extends PublicUser {
  status: 'active' | 'suspended'
  suspended_at: string | null
  created_at: string
  updated_at: string
  /** Sign-ins whose refresh token has not expired. */
  sessions: number
  /** API keys not revoked. */
  api_keys: number
}

/** One end user as the owner sees them, with every API key they made (prefixes only). */
export interface EndUserDetail extends EndUserSummary {
  keys: EndUserApiKey[]
}

/** `POST /_admin/api/users`'s body (what `cms user add` sends). */
export interface EndUserCreateInput {
  email: string
  /** 8 to 1024 characters. */
  password: string
  display_name?: string
  /** true: the address counts as confirmed (no verification email). */
  verified?: boolean
}

/** A user as the owner sees them: the public fields plus status and counts, never a hash. */
export function userSummary(doc: AuthDocument, u: EndUserRecord, nowMs = Date.now()): EndUserSummary {
  return {
    ...publicUser(u),
    status: u.suspended_at ? 'suspended' : 'active',
    suspended_at: u.suspended_at,
    created_at: u.created_at,
    updated_at: u.updated_at,
    sessions: doc.sessions.filter((s) => s.user_uuid === u.uuid && Date.parse(s.refresh_expires_at) > nowMs).length,
    api_keys: doc.api_keys.filter((k) => k.user_uuid === u.uuid && !k.revoked_at).length,
  }
}

export async function listUsers(scope: AdminScope): Promise<EndUserSummary[]> {
  const doc = await new AuthDb(scope.stateDir).read()
  return doc.users.map((u) => userSummary(doc, u))
}

/** One user by email or uuid, with their keys (prefixes only). */
export async function showUser(scope: AdminScope, ref: string): Promise<EndUserDetail> {
  const doc = await new AuthDb(scope.stateDir).read()
  const user = find(doc, ref)
  return { ...userSummary(doc, user), keys: doc.api_keys.filter((k) => k.user_uuid === user.uuid).map(publicKey) }
}

export async function createUser(scope: AdminScope, input: { email: string; password: string; displayName?: string; verified?: boolean }): Promise<EndUserSummary> {
  const problems = new Problems()
  const email = requiredEmail({ email: input.email }, problems)
  const password = requiredPassword({ password: input.password }, 'password', problems)
  const displayName = optionalString({ display_name: input.displayName ?? null }, 'display_name', problems, 255)
  problems.throwIfAny()
  const settings = authSettings(scope.project)
  const passwordHash = await hashPassword(password)
  const verified = input.verified === true || !settings.emailVerification
  const db = new AuthDb(scope.stateDir)
  const made = await db.update((doc, nowMs) => {
    if (doc.users.some((u) => u.email === email)) throw new CmsError('conflict', `An end user with the email ${email} already exists.`)
    const user = newUserRecord(doc, { email, passwordHash, displayName, metadata: {}, verified, nowMs })
    const mail = verified ? null : addVerificationMail(doc, user, { linkBase: settings.verificationUrl, nowMs })
    return { summary: userSummary(doc, user, nowMs), mail }
  })
  if (made.mail) logVerification(made.mail.to, made.mail.link)
  return made.summary
}

/** Suspending ends every sign-in of the user and makes their API keys inactive. */
export async function setSuspended(scope: AdminScope, ref: string, suspended: boolean): Promise<EndUserSummary> {
  return new AuthDb(scope.stateDir).update((doc, nowMs) => {
    const user = find(doc, ref)
    if (suspended) {
      user.suspended_at ??= new Date(nowMs).toISOString()
      doc.sessions = doc.sessions.filter((s) => s.user_uuid !== user.uuid)
    } else {
      user.suspended_at = null
    }
    user.updated_at = new Date(nowMs).toISOString()
    return userSummary(doc, user, nowMs)
  })
}

/** Deletes the user with their sign-ins, keys and pending verification links (their mail stays in the outbox). */
export async function deleteUser(scope: AdminScope, ref: string): Promise<EndUserSummary> {
  return new AuthDb(scope.stateDir).update((doc, nowMs) => {
    const user = find(doc, ref)
    const summary = userSummary(doc, user, nowMs)
    doc.users = doc.users.filter((u) => u.uuid !== user.uuid)
    doc.sessions = doc.sessions.filter((s) => s.user_uuid !== user.uuid)
    doc.api_keys = doc.api_keys.filter((k) => k.user_uuid !== user.uuid)
    doc.verifications = doc.verifications.filter((v) => v.user_uuid !== user.uuid)
    return summary
  })
}

/** The local outbox, oldest first; `to` filters by recipient, `last` keeps the newest n. */
export async function listMail(scope: AdminScope, options: { to?: string; last?: number } = {}): Promise<MailMessage[]> {
  const doc = await new AuthDb(scope.stateDir).read()
  const to = options.to?.trim().toLowerCase()
  const mail = to ? doc.mail.filter((m) => m.to === to) : doc.mail
  return options.last !== undefined ? mail.slice(-options.last) : [...mail]
}

/** The editor's view of the local outbox: whether project auth is on, and the newest messages first. */
export interface MailOutbox {
  enabled: boolean
  data: MailMessage[]
}

/** The local outbox for the editor (`GET /_admin/api/auth/mail`): the newest `last` messages, newest first. */
export async function mailOutbox(scope: AdminScope, last = 200): Promise<MailOutbox> {
  const mail = await listMail(scope, { last })
  return { enabled: authSettings(scope.project).enabled, data: mail.reverse() }
}

function find(doc: AuthDocument, ref: string): EndUserRecord {
  const key = ref.trim().toLowerCase()
  const user = isUuid(key) ? doc.users.find((u) => u.uuid === key) : doc.users.find((u) => u.email === key)
  if (!user) throw notFound(`No end user ${isUuid(key) ? 'with the uuid' : 'with the email'} ${ref.trim()}. List them with: cms user list`)
  return user
}
