import { ContentStore } from './storage/store.ts'
import type { ContentWatcher } from './storage/watcher.ts'
import { loadConfig, type ConfigInput, type ResolvedConfig } from './config.ts'
import type { EventSink } from './core/events.ts'
import type { LoadProgress } from './storage/store.ts'
import type { EventSource } from './core/types.ts'
import { openWebhookState, type WebhookState } from './webhooks/state.ts'
import type { GitCommitter } from './git/committer.ts'
import { openEditorState, type EditorState } from './sessions/editor-state.ts'
import type { ReplicaFollower, FollowClone, FollowOptions } from './replica/follower.ts'
import { openEndUserState, type EndUserState } from './end-users/state.ts'
import { Lazy } from './core/lazy.ts'
import { ReadModel } from './service/entries/read-model.ts'
import { toEntryOutput } from './service/entries/view.ts'

/**
 * Everything a request or a CLI command needs, wired once. Modules that later issues add
 * (webhook outbox, auth, assets) hang their state here, never on globals. The folders below
 * do not import this type: each declares the narrow context it reads (service/context.ts,
 * webhooks/context.ts, git/changes.ts, end-users/state.ts, sessions/editor-state.ts), which
 * this object satisfies, so no folder loops back to the root.
 */
export interface AppContext {
  config: ResolvedConfig
  store: ContentStore
  /** Where the service layer appends domain events (the webhook outbox once started). */
  events: EventSink
  /** Source recorded on events: `api` for HTTP, `cli` for direct CLI use. */
  source: EventSource
  /** Token a running server accepts from CLI commands on the same machine (all abilities). */
  localAdminToken?: string
  /** A `--read-only` server refuses every write. */
  readOnly?: boolean
  /**
   * A server's list reads: one that needs more than a few slices of work over rows is not
   * run synchronously but handed to `listEntriesSliced`, which gives the event loop back
   * between slices (service/entries/list.ts).
   */
  slicedLists?: boolean
  /** What list and entry reads keep between requests, following the store's changes (service/entries/read-model.ts). */
  readModel: ReadModel
  /** Webhook outbox (also `events`), delivery logs, secrets and the delivery worker once started. */
  webhooks?: WebhookState
  /** Commits writes to git when `--git-commit` / `CMS_GIT_COMMIT` is on. */
  git?: GitCommitter
  /** Editor sessions, sign-in links and the activity feed, opened when an app first needs them (`editor.peek()`: without opening). */
  readonly editor: Lazy<EditorState>
  /** A `--read-only --follow` server's follower of a git remote (src/replica/), started by the server once it listens. */
  readonly replica?: ReplicaFollower
  /** Project auth: end users, their sessions and keys (`.cms/auth.json`), opened on first use. */
  readonly endUsers: Lazy<EndUserState>
  /** Hooks run by `close()`, last registered first. */
  disposers: Array<() => Promise<void> | void>
  close(): Promise<void>
}

export interface ContextOptions extends ConfigInput {
  config?: ResolvedConfig
  source?: EventSource
  watch?: boolean
  onProgress?: (progress: LoadProgress) => void
  /**
   * Finish a schema change a killed process left in `.cms/schema-journal.json` before anything
   * is served. Only the tree's writer may (a read-only server leaves it to the writer). @default true
   */
  resume?: boolean
  /** CLI commands without a server deliver their own webhook events before exiting; `--no-deliver` turns it off. @default true */
  deliver?: boolean
  /** Set on the context as they are, so a context is whole when created (see AppContext). */
  localAdminToken?: string
  readOnly?: boolean
  slicedLists?: boolean
  /**
   * The server listens on loopback only (or a CLI command runs without one): webhook receivers
   * on this machine over http are allowed (webhooks/local-receivers.ts). @default true
   */
  loopbackOnly?: boolean
  /** `--read-only --follow`: the opened clone and how to follow it (the follower is made here, started by the server). */
  follow?: { clone: FollowClone; options: FollowOptions }
}

export async function createContext(options: ContextOptions = {}): Promise<AppContext & { watcher?: ContentWatcher }> {
  const config = options.config ?? loadConfig(options)
  const store = await ContentStore.open(config.contentDir, {
    stateDir: config.stateDir,
    sweepVersions: options.watch === true,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  })
  // What only some processes need is loaded when they need it: the schema-change and release
  // resumers (entry writes, Ajv) by the writers, the watcher and the search cache's saving by a
  // server, the follower by a replica. A command that reads loads none of them.
  if (options.resume !== false) {
    const { resumeSchemaChange } = await import('./service/collections/rewrite.ts')
    const finished = await resumeSchemaChange(store, options.source ?? 'api')
    if (finished) console.error(`[cms] ${finished}`)
    const removals = await store.finishRemovals()
    if (removals.removed + removals.restored > 0) console.error(`[cms] finished ${removals.removed + removals.restored} removal(s) a stop interrupted (${removals.removed} removed with their versions or stored files, ${removals.restored} kept: their entry or asset file was still there)`)
  }
  // Every service mutation lands in the durable outbox (docs/api.md, webhooks); delivery starts with a server
  // (see server/routes/webhooks.ts) or, for CLI commands, on exit (webhooks/runtime.ts).
  // A delivery carries the entry's draft values, shaped as the hosted service sends them.
  const webhooks = await openWebhookState(config, store, {
    renderEntry: (entry, collection) => toEntryOutput(entry, collection, 'draft'),
    deliverOnExit: options.deliver !== false,
    ...(options.loopbackOnly !== undefined ? { loopbackOnly: options.loopbackOnly } : {}),
  })
  const source = options.source ?? 'api'
  const disposers: AppContext['disposers'] = []
  const replica = options.follow ? new (await import('./replica/follower.ts')).ReplicaFollower(store, options.follow.clone, options.follow.options) : undefined
  const ctx: AppContext & { watcher?: ContentWatcher } = {
    config,
    store,
    events: webhooks.outbox,
    webhooks,
    source,
    // A server's read model builds missing sort orders in the background, yielding to reads.
    readModel: new ReadModel(store, { background: source === 'api' }),
    ...(options.localAdminToken !== undefined ? { localAdminToken: options.localAdminToken } : {}),
    ...(options.readOnly !== undefined ? { readOnly: options.readOnly } : {}),
    ...(options.slicedLists !== undefined ? { slicedLists: options.slicedLists } : {}),
    ...(replica ? { replica } : {}),
    disposers,
    // Made here, opened on first use: what they open is closed by close() (their disposers).
    editor: new Lazy(() => openEditorState(config.stateDir, store, disposers)),
    endUsers: new Lazy(() => openEndUserState(config.stateDir, disposers)),
    async close() {
      for (const dispose of ctx.disposers.splice(0).reverse()) await dispose()
      // The search indexes too (service/entries/search-cache.ts), while the read model still patches them.
      if (options.watch) await saveSearchCacheOf(ctx)
      ctx.readModel.close()
      await store.flush()
      // Leave a fresh index cache behind so the next start skips unchanged files.
      if (options.watch || store.coldLoaded) await store.saveIndexCache()
      await webhooks.outbox.close()
      await webhooks.logs.close()
    },
  }
  if (config.gitCommit) {
    try {
      const { startCommitter } = await import('./git/start.ts')
      const started = await startCommitter(store, config)
      ctx.git = started.committer
      ctx.disposers.push(() => started.stop())
    } catch (error) {
      await ctx.close().catch(() => {})
      throw error
    }
  }
  if (options.resume !== false) {
    // A release a stop interrupted goes live before anything is served (all or none: docs/scheduling.md).
    const { resumeReleasePublish } = await import('./service/releases/publish.ts')
    const finished = await resumeReleasePublish(ctx)
    if (finished) console.error(`[cms] ${finished}`)
  }
  if (options.watch && store.coldLoaded) {
    // After a cold start, write the cache once the server is up rather than before it listens.
    let saving: Promise<void> | undefined
    const timer = setTimeout(() => { saving = store.saveIndexCache() }, 3000)
    timer.unref()
    // close() writes the cache again: the background write must have finished (one temp file).
    ctx.disposers.push(async () => { clearTimeout(timer); await saving })
  }
  if (options.watch) {
    const { watchContent } = await import('./storage/watcher.ts')
    const watcher = watchContent(store.ingestion)
    ctx.watcher = watcher
    ctx.disposers.push(() => watcher.close())
  }
  if (replica) ctx.disposers.push(() => replica.close())
  return ctx
}

/** A server's search indexes into the index cache on close; never a reason for close to fail. */
async function saveSearchCacheOf(ctx: AppContext): Promise<void> {
  const [{ saveSearchCache }, { yieldToLoop }] = await Promise.all([import('./service/entries/search-cache.ts'), import('./query/steps.ts')])
  await saveSearchCache(ctx, yieldToLoop).catch(() => {})
}
