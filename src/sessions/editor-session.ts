import type { Ability, Project } from '../core/types.ts'
import type { SessionRecord } from './session-store.ts'

/** The signed-in editor, as `GET /_admin/api/session` answers it (the editor's `Session`). */
export interface EditorSession {
  /** Who is signed in: the token's name, or the local git user for a sign-in link. */
  name: string
  abilities: Ability[]
  project: Pick<Project, 'uuid' | 'name' | 'default_locale' | 'locales'>
  expires_at: string
  via: SessionRecord['via']
}

/** A fresh one-time sign-in link to the editor (`cms editor-url`): one use, within 10 minutes. */
export interface EditorSignInLink {
  url: string
  expires_at: string
}

/** Every editor session and unused sign-in link ended (`cms editor-url --revoke-all`): how many sessions. */
export interface EditorSessionsRevoked {
  revoked: number
}

/** `POST /_admin/api/session`'s body: the API token to sign in to the editor with. */
export interface EditorSignInInput {
  token: string
}
