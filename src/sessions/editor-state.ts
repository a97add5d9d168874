import type { ContentStore } from '../storage/store.ts'
import type { Lazy } from '../core/lazy.ts'
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
  /** Made by the composition root with openEditorState, opened on first use. */
  readonly editor: Lazy<EditorState>
}

/** The context's editor state, made on first use (a server's app, a test's app). */
export function editorState(ctx: EditorHost): EditorState {
  return ctx.editor.get()
}

/** Sessions over `.cms/sessions.json`, sign-in tickets, and an activity feed following the store; all closed by the context's close. */
export function openEditorState(stateDir: string, store: ContentStore, disposers: Array<() => Promise<void> | void>): EditorState {
  const state: EditorState = {
    sessions: new SessionStore(stateDir),
    tickets: new TicketBox(),
    activity: new ActivityHub(store),
  }
  disposers.push(async () => {
    state.activity.close()
    await state.sessions.flush()
  })
  return state
}
