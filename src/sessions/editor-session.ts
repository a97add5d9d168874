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
