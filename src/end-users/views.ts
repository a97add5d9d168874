import type { ApiKeyRecord, EndUserRecord } from './auth-db.ts'

/** An end user as the API shows them: never the password hash, never the suspension internals. */
export interface PublicUser {
  id: number
  uuid: string
  email: string
  display_name: string | null
  email_verified_at: string | null
  metadata: Record<string, unknown>
}

export const publicUser = (u: EndUserRecord): PublicUser => ({
  id: u.id, uuid: u.uuid, email: u.email, display_name: u.display_name, email_verified_at: u.email_verified_at, metadata: u.metadata,
})

/** An end user's API key as listed: its prefix, never the key or its hash. */
export interface EndUserApiKey {
  id: number
  name: string
  key_prefix: string
  scopes: string[]
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
  created_at: string
}

export const publicKey = (k: ApiKeyRecord): EndUserApiKey => ({
  id: k.id, name: k.name, key_prefix: k.key_prefix, scopes: k.scopes, expires_at: k.expires_at,
  last_used_at: k.last_used_at, revoked_at: k.revoked_at, created_at: k.created_at,
})
