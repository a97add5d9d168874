import type { AppContext } from '../context.ts'
import { ActivityHub } from '../service/project/activity.ts'
import { SessionStore } from './session-store.ts'
import { TicketBox } from './tickets.ts'

/** What the browser editor needs on a serving context: sessions, sign-in links, the activity feed. */
export interface EditorState {
  sessions: SessionStore
  tickets: TicketBox
  activity: ActivityHub
}

/** The context's editor state, made on first use (a server's app, a test's app). */
export function editorState(ctx: AppContext): EditorState {
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
