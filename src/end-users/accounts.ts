import { randomBytes } from 'node:crypto'
import { CmsError, unauthenticated, unprocessable } from '../core/errors.ts'
import { newUuid } from '../core/ids.ts'
import { hashPassword, verifyPassword } from '../schema/password.ts'
import { reuseOver, sha256, type AuthDocument, type EndUserRecord, type SessionRecord } from './auth-db.ts'
import { openPair, sealPair, type IssuedPair } from './refresh-reuse.ts'
import { signAccessToken, verifyAccessToken } from './access-token.ts'
import { Problems, optionalMetadata, optionalString, requiredEmail, requiredPassword, requiredString } from './input.ts'
import { addPasswordChangedMail, addVerificationMail } from './mail.ts'
import { authLog, enabledSettings, endUserState, type EndUserContext } from './state.ts'
import type { AuthSettings } from './settings.ts'
import { publicUser, type PublicUser } from './views.ts'

/** A signed-in end user, as the guard found them from their access token. */
export interface EndUserPrincipal {
  kind: 'end-user'
  userUuid: string
  sessionId: string
}

/** Where a request came from: the sign-in lockout's key and the verification links' base. */
export interface RequestMeta {
  ip: string
  /** This server's confirm route (`http://host:port/auth/verify-email/confirm`), when known. */
  confirmUrl: string | null
}

/** A sign-in's tokens (sign-up, sign-in, refresh): a short-lived access token and the refresh token that renews it. */
export interface EndUserTokens {
  access_token: string
  token_type: 'Bearer'
  expires_at: string
  refresh_token: string
  refresh_token_expires_at: string
  user: PublicUser
}

const VERIFICATION_REQUIRED = { code: 'email_verification_required', verification_required: true } as const

/** A sign-up that waits for its address to be confirmed (202): no tokens yet. */
export interface VerificationPending {
  message: string
  code: 'email_verification_required'
  verification_required: true
  user: PublicUser
}

/** What a sign-up answers: its status (201 signed in, 202 waiting for the address) and body. */
export type SignupResult = { status: 201; body: EndUserTokens } | { status: 202; body: VerificationPending }

/** A project-auth answer that is only a message (`Logged out.`, `Password changed.`, ...). */
export interface AuthMessage {
  message: string
}

/** Every sign-in of the user ended. */
export interface LoggedOutAll {
  message: string
  sessions_ended: number
}

/** The signed-in end user. */
export interface EndUserMe {
  user: PublicUser
}

/** An address confirmed, with the user it belongs to. */
export interface EmailVerified {
  message: string
  user: PublicUser
}

/** `POST /auth/signup`'s body. */
export interface EndUserSignupInput {
  email: string
  /** 8 to 1024 characters. */
  password: string
  display_name?: string | null
  /** Any JSON object, at most 16 KB. */
  metadata?: Record<string, unknown> | null
}

/** `POST /auth/login`'s body. */
export interface EndUserLoginInput {
  email: string
  password: string
}

/** `POST /auth/refresh`'s body. */
export interface EndUserRefreshInput {
  refresh_token: string
}

/** `POST /auth/change-password`'s body. */
export interface EndUserChangePasswordInput {
  current_password: string
  /** 8 to 1024 characters. */
  new_password: string
}

/** `POST /auth/verify-email/resend`'s body. */
export interface VerificationResendInput {
  email: string
}

/** `POST /auth/verify-email/confirm`'s body (the token of the emailed link). */
export interface VerificationConfirmInput {
  token: string
}

/** A password check that costs the same when there is no such user (no telling accounts apart by time). */
let dummyHash: Promise<string> | null = null
const dummy = () => (dummyHash ??= hashPassword('not the password of anyone'))

const findByEmail = (doc: AuthDocument, email: string) => doc.users.find((u) => u.email === email)
const findByUuid = (doc: AuthDocument, uuid: string) => doc.users.find((u) => u.uuid === uuid)
const newRefreshToken = (): string => randomBytes(48).toString('base64url')
const iso = (ms: number) => new Date(ms).toISOString()

/** `POST /auth/signup`: 201 with tokens, or 202 when the project wants the address confirmed first. */
export async function signup(ctx: EndUserContext, body: Record<string, unknown>, meta: RequestMeta): Promise<SignupResult> {
  const settings = enabledSettings(ctx)
  const problems = new Problems()
  const email = requiredEmail(body, problems)
  const password = requiredPassword(body, 'password', problems)
  const displayName = optionalString(body, 'display_name', problems, 255)
  const metadata = optionalMetadata(body, problems)
  problems.throwIfAny()
  const passwordHash = await hashPassword(password)
  const { db } = endUserState(ctx)
  const created = await db.update((doc, nowMs) => {
    if (findByEmail(doc, email)) throw fieldError('email', 'The email has already been taken.')
    const user = newUserRecord(doc, { email, passwordHash, displayName, metadata, verified: !settings.emailVerification, nowMs })
    if (settings.emailVerification) {
      const mail = addVerificationMail(doc, user, { linkBase: linkBase(settings, meta), nowMs })
      return { user, session: null, mail }
    }
    return { user, session: newSession(doc, user, settings, nowMs), mail: null }
  })
  if (created.mail) {
    logVerification(created.mail.to, created.mail.link)
    return { status: 202, body: { message: 'Email verification required.', ...VERIFICATION_REQUIRED, user: publicUser(created.user) } }
  }
  return { status: 201, body: await tokenPayload(ctx, settings, created.user, created.session!) }
}

/** `POST /auth/login`. */
export async function login(ctx: EndUserContext, body: Record<string, unknown>, meta: RequestMeta): Promise<EndUserTokens> {
  const settings = enabledSettings(ctx)
  const problems = new Problems()
  const email = requiredEmail(body, problems)
  const password = requiredString(body, 'password', problems, { max: 1024 })
  problems.throwIfAny()
  const { db, lockout } = endUserState(ctx)
  const key = `${ctx.store.project.uuid}|${sha256(email)}|${meta.ip}`
  // Counted before the password check resolves: concurrent guesses cannot all pass the lockout.
  const locked = lockout.begin(key)
  if (locked !== null) throw new CmsError('rate_limited', 'Invalid credentials.', { headers: { 'retry-after': String(locked) }, extra: { retry_after: locked } })
  const user = findByEmail(await db.read(), email)
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummy()))
  if (!user || !ok) throw unauthenticated('Invalid credentials.')
  lockout.clear(key)
  if (user.suspended_at) throw new CmsError('forbidden', 'This account is suspended.', { extra: { code: 'account_suspended' } })
  if (settings.emailVerification && !user.email_verified_at) throw new CmsError('forbidden', 'Email verification is required.', { extra: VERIFICATION_REQUIRED })
  const session = await db.update((doc, nowMs) => {
    const current = findByUuid(doc, user.uuid)
    if (!current || current.suspended_at) throw unauthenticated('Invalid credentials.')
    return newSession(doc, current, settings, nowMs)
  })
  return tokenPayload(ctx, settings, user, session)
}

/**
 * `POST /auth/refresh`: a new pair; the refresh token sent is spent. Sent again within the
 * reuse interval (refresh-reuse.ts) it answers the same pair again (a client that lost the
 * answer retries); after it, it ends the sign-in.
 */
export async function refresh(ctx: EndUserContext, body: Record<string, unknown>): Promise<EndUserTokens> {
  const settings = enabledSettings(ctx)
  const problems = new Problems()
  const token = requiredString(body, 'refresh_token', problems, { max: 512 })
  problems.throwIfAny()
  const hash = sha256(token)
  const { db } = endUserState(ctx)
  // The access token is signed before the rotation so the pair can be kept (sealed) with it.
  const found = (await db.read()).sessions.find((s) => s.refresh_hash === hash)
  const access = found ? await signAccessToken(ctx.config.stateDir, ctx.store.project.uuid, { userUuid: found.user_uuid, sessionId: found.id }, settings.accessTtlSeconds, Date.now()) : null
  const next = newRefreshToken()
  const answer = await db.update((doc, nowMs): { user: EndUserRecord; session: SessionRecord; pair: IssuedPair } | null => {
    const session = doc.sessions.find((s) => s.refresh_hash === hash)
    if (session) {
      const user = findByUuid(doc, session.user_uuid)
      if (!access || session.id !== found?.id || Date.parse(session.refresh_expires_at) <= nowMs || !user || user.suspended_at) return null
      const pair: IssuedPair = { access_token: access.token, expires_at: iso(access.expiresAt), refresh_token: next }
      session.previous_hash = hash
      session.rotated_at = iso(nowMs)
      session.reuse_answer = sealPair(token, pair)
      session.refresh_hash = sha256(next)
      session.refresh_expires_at = iso(nowMs + settings.refreshTtlSeconds * 1000)
      session.last_used_at = iso(nowMs)
      return { user, session: { ...session }, pair }
    }
    const reused = doc.sessions.findIndex((s) => s.previous_hash === hash)
    if (reused === -1) return null
    const spent = doc.sessions[reused]!
    const user = findByUuid(doc, spent.user_uuid)
    // Within the interval: the same pair again (a retry). The sign-in is not touched.
    const again = !reuseOver(spent, nowMs) && spent.reuse_answer ? openPair(token, spent.reuse_answer) : null
    if (again) return user && !user.suspended_at ? { user, session: { ...spent }, pair: again } : null
    // After it: whoever holds the current token may have stolen it; end the sign-in.
    doc.sessions.splice(reused, 1)
    return null
  })
  if (!answer) throw unauthenticated('Invalid refresh token.')
  return {
    access_token: answer.pair.access_token, token_type: 'Bearer', expires_at: answer.pair.expires_at,
    refresh_token: answer.pair.refresh_token, refresh_token_expires_at: answer.session.refresh_expires_at, user: publicUser(answer.user),
  }
}

/** `POST /auth/logout`: ends the sign-in the access token belongs to (its refresh token and access tokens). */
export async function logout(ctx: EndUserContext, principal: EndUserPrincipal): Promise<AuthMessage> {
  await endUserState(ctx).db.update((doc) => {
    doc.sessions = doc.sessions.filter((s) => s.id !== principal.sessionId)
  })
  return { message: 'Logged out.' }
}

/** `POST /auth/logout-all`: ends every sign-in of the user. */
export async function logoutAll(ctx: EndUserContext, principal: EndUserPrincipal): Promise<LoggedOutAll> {
  const ended = await endUserState(ctx).db.update((doc) => {
    const before = doc.sessions.length
    doc.sessions = doc.sessions.filter((s) => s.user_uuid !== principal.userUuid)
    return before - doc.sessions.length
  })
  return { message: 'Logged out of all sessions.', sessions_ended: ended }
}

/** `GET /auth/me`. */
export async function me(ctx: EndUserContext, principal: EndUserPrincipal): Promise<EndUserMe> {
  const user = findByUuid(await endUserState(ctx).db.read(), principal.userUuid)
  if (!user) throw unauthenticated()
  return { user: publicUser(user) }
}

/** `POST /auth/change-password`: the other sign-ins end; this one stays; the user gets a notice. */
export async function changePassword(ctx: EndUserContext, principal: EndUserPrincipal, body: Record<string, unknown>): Promise<AuthMessage> {
  enabledSettings(ctx)
  const problems = new Problems()
  const current = requiredString(body, 'current_password', problems, { max: 1024 })
  const next = requiredPassword(body, 'new_password', problems)
  problems.throwIfAny()
  const { db } = endUserState(ctx)
  const user = findByUuid(await db.read(), principal.userUuid)
  if (!user) throw unauthenticated()
  if (!(await verifyPassword(current, user.password_hash))) throw fieldError('current_password', 'The current password is incorrect.')
  const hash = await hashPassword(next)
  await db.update((doc, nowMs) => {
    const u = findByUuid(doc, principal.userUuid)
    if (!u) throw unauthenticated()
    // Another change landed between the check and now: check again against that one.
    if (u.password_hash !== user.password_hash) throw fieldError('current_password', 'The current password is incorrect.')
    u.password_hash = hash
    u.updated_at = iso(nowMs)
    doc.sessions = doc.sessions.filter((s) => s.user_uuid !== u.uuid || s.id === principal.sessionId)
    addPasswordChangedMail(doc, u, nowMs)
  })
  return { message: 'Password changed.' }
}

/** `POST /auth/verify-email/resend`: the same answer whether or not the address is known. */
export async function resendVerification(ctx: EndUserContext, body: Record<string, unknown>, meta: RequestMeta): Promise<AuthMessage> {
  const settings = enabledSettings(ctx)
  const problems = new Problems()
  const email = requiredEmail(body, problems)
  problems.throwIfAny()
  const { db } = endUserState(ctx)
  const user = findByEmail(await db.read(), email)
  if (user && !user.email_verified_at && !user.suspended_at) {
    const mail = await db.update((doc, nowMs) => {
      const u = findByEmail(doc, email)
      return u && !u.email_verified_at ? addVerificationMail(doc, u, { linkBase: linkBase(settings, meta), nowMs }) : null
    })
    if (mail) logVerification(mail.to, mail.link)
  }
  return { message: 'If that account exists and needs verification, a new verification email has been sent.' }
}

/** `POST /auth/verify-email/confirm {token}` (and the link's GET). */
export async function confirmVerification(ctx: EndUserContext, token: unknown): Promise<EmailVerified> {
  enabledSettings(ctx)
  const invalid = () => unprocessable('Invalid or expired verification token.', { token: ['Invalid or expired verification token.'] })
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw invalid()
  const hash = sha256(token)
  const user = await endUserState(ctx).db.update((doc, nowMs) => {
    const link = doc.verifications.find((v) => v.hash === hash && Date.parse(v.expires_at) > nowMs)
    const u = link ? findByUuid(doc, link.user_uuid) : undefined
    if (!u) throw invalid()
    doc.verifications = doc.verifications.filter((v) => v.user_uuid !== u.uuid)
    u.email_verified_at ??= iso(nowMs)
    u.updated_at = iso(nowMs)
    return { ...u }
  })
  return { message: 'Email verified.', user: publicUser(user) }
}

/**
 * The end user an `Authorization: Bearer <jwt>` names: a valid access token of this project
 * whose sign-in has not ended and whose user exists and is not suspended; else null.
 */
export async function authenticateEndUser(ctx: EndUserContext, token: string): Promise<EndUserPrincipal | null> {
  const claims = await verifyAccessToken(ctx.config.stateDir, ctx.store.project.uuid, token)
  if (!claims) return null
  const doc = await endUserState(ctx).db.read()
  const session = doc.sessions.find((s) => s.id === claims.sessionId && s.user_uuid === claims.userUuid)
  const user = session ? findByUuid(doc, session.user_uuid) : undefined
  if (!user || user.suspended_at) return null
  return { kind: 'end-user', userUuid: user.uuid, sessionId: claims.sessionId }
}

/** Whether `token` is a valid access token of this project (signature, audience, expiry): content routes refuse those with 403. */
export async function isEndUserAccessToken(ctx: EndUserContext, token: string): Promise<boolean> {
  return (await verifyAccessToken(ctx.config.stateDir, ctx.store.project.uuid, token)) !== null
}

/** A 422 naming one field. */
const fieldError = (field: string, message: string) => unprocessable(message, { [field]: [message] })

export function newUserRecord(doc: AuthDocument, input: { email: string; passwordHash: string; displayName: string | null; metadata: Record<string, unknown>; verified: boolean; nowMs: number }): EndUserRecord {
  const at = iso(input.nowMs)
  const user: EndUserRecord = {
    id: doc.next_ids.users++, uuid: newUuid(), email: input.email, password_hash: input.passwordHash,
    display_name: input.displayName, metadata: input.metadata, email_verified_at: input.verified ? at : null,
    suspended_at: null, created_at: at, updated_at: at,
  }
  doc.users.push(user)
  return user
}

/** A new sign-in; its refresh token is returned once (only its hash is kept). */
function newSession(doc: AuthDocument, user: EndUserRecord, settings: AuthSettings, nowMs: number): SessionRecord & { refreshToken: string } {
  const refreshToken = newRefreshToken()
  const session: SessionRecord = {
    id: newUuid(), user_uuid: user.uuid, refresh_hash: sha256(refreshToken), previous_hash: null,
    refresh_expires_at: iso(nowMs + settings.refreshTtlSeconds * 1000), created_at: iso(nowMs), last_used_at: iso(nowMs),
  }
  doc.sessions.push(session)
  return { ...session, refreshToken }
}

async function tokenPayload(ctx: EndUserContext, settings: AuthSettings, user: EndUserRecord, session: SessionRecord & { refreshToken?: string }, refreshToken = session.refreshToken!): Promise<EndUserTokens> {
  const access = await signAccessToken(ctx.config.stateDir, ctx.store.project.uuid, { userUuid: user.uuid, sessionId: session.id }, settings.accessTtlSeconds, Date.now())
  return {
    access_token: access.token, token_type: 'Bearer', expires_at: iso(access.expiresAt),
    refresh_token: refreshToken, refresh_token_expires_at: session.refresh_expires_at, user: publicUser(user),
  }
}

const linkBase = (settings: AuthSettings, meta: RequestMeta): string | null => settings.verificationUrl ?? meta.confirmUrl

export function logVerification(to: string, link: string | null): void {
  authLog(link ? `verification email to ${to}: ${link}` : `verification email to ${to} is in the outbox (cms auth mail)`)
}
