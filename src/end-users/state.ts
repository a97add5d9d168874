import type { Project } from '../core/types.ts'
import type { Lazy } from '../core/lazy.ts'
import { CmsError } from '../core/errors.ts'
import { forTerminal } from '../core/terminal.ts'
import { AuthDb } from './auth-db.ts'
import { SignInLockout } from './lockout.ts'
import { AUTH_DISABLED_MESSAGE, authSettings, type AuthSettings } from './settings.ts'

/** What project auth keeps on a context: the store of end users and the sign-in lockout. */
export interface EndUserState {
  db: AuthDb
  lockout: SignInLockout
}

/** What endUserState needs of a context (the composition root's is one; no import of it, so no folder loop). */
export interface EndUserHost {
  readonly config: { readonly stateDir: string }
  /** Made by the composition root with openEndUserState, opened on first use. */
  readonly endUsers: Lazy<EndUserState>
}

/** What project auth's operations (accounts.ts, api-keys.ts) read of their context: the host above and the project. */
export interface EndUserContext extends EndUserHost {
  readonly store: { readonly project: Project }
}

/** The context's end-user state, opened on first use. */
export function endUserState(ctx: EndUserHost): EndUserState {
  return ctx.endUsers.get()
}

/** Project auth's state over `.cms/auth.json`; its writes are flushed by the context's close. */
export function openEndUserState(stateDir: string, disposers: Array<() => Promise<void> | void>): EndUserState {
  const state: EndUserState = { db: new AuthDb(stateDir), lockout: new SignInLockout() }
  disposers.push(() => state.db.flush())
  return state
}

/** The project's auth settings; 404 (as for a route that is not there) while project auth is off. */
export function enabledSettings(ctx: { readonly store: { readonly project: Project } }): AuthSettings {
  const settings = authSettings(ctx.store.project)
  if (!settings.enabled) throw new CmsError('not_found', AUTH_DISABLED_MESSAGE)
  return settings
}

/** Log lines of project auth (the verification links): the server's stderr, as other `[cms]` notes; escaped, as they carry addresses users typed. */
export function authLog(line: string): void {
  process.stderr.write(`[cms] ${forTerminal(line)}\n`)
}
