import type { AppContext } from '../../context.ts'
import { reloadConfigOnSignal } from './reload.ts'
import { startDelivery } from '../../webhooks/runtime.ts'
import { removeOrphanUploadDirs } from '../../service/assets/manage.ts'
import { editorState } from '../../sessions/editor-state.ts'
import { startScheduler } from './scheduler.ts'
import { serverChangeFeed } from '../routes/events.ts'

/**
 * What a server starts besides listening, kept out of createApp so that building an app
 * starts nothing: the editor's activity feed records changes from now on; SIGHUP re-reads
 * the configuration; a writable server delivers webhooks
 * (pending ones from a crash or from CLI commands included) and removes the empty asset
 * folders an interrupted upload left. All of it stops with `ctx.close()`; a `--read-only`
 * replica delivers nothing and sweeps nothing.
 */
export function startServing(ctx: AppContext): void {
  editorState(ctx)
  // The change stream's backlog covers every change from the start (Last-Event-ID resumes in it).
  serverChangeFeed(ctx)
  reloadConfigOnSignal(ctx)
  if (ctx.readOnly) return
  startDelivery(ctx)
  startScheduler(ctx)
  void removeOrphanUploadDirs(ctx.store).catch(() => {})
}
