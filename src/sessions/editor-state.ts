import type { ContentStore } from '../storage/store.ts'
import { ActivityHub } from '../service/project/activity.ts'
import { SessionStore } from './session-store.ts'
import { TicketBox } from './tickets.ts'

/** What the browser editor needs on a serving context: sessions, sign-in links, the activity feed. */
export interface EditorState {
  sessions: SessionStore
  tickets: TicketBox
  activity: ActivityHub
}

/** What editorState needs of a context (the composition root's is one; no import of it, so no folder loop). */
export interface EditorHost {
  readonly config: { readonly stateDir: string }
  readonly store: ContentStore
  editor?: EditorState
  disposers: Array<() => Promise<void> | void>
}

/** The context's editor state, made on first use (a server's app, a test's app). */
export function editorState(ctx: EditorHost): EditorState {
  if (ctx.editor) return ctx.editor
  const state: EditorState = {
    sessions: new SessionStore(ctx.config.stateDir),
    tickets: new TicketBox(),
    activity: new ActivityHub(ctx.store),
  }
  ctx.editor = state
  ctx.disposers.push(async () => {
    state.activity.close()
    await state.sessions.flush()
  })
  return state
}
