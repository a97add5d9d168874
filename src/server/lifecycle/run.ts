import { randomBytes } from 'node:crypto'
import { createContext, type AppContext } from '../../context.ts'
import { loadConfig, type ResolvedConfig } from '../../config.ts'
import { createApp } from '../http/app.ts'
import { startServing } from './start.ts'
import { startServer, type ResponseHook, type ServerHandle } from './listen.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { acquireLock, lockWaitMs, ownProcessStart, releaseLock, updateLock, type ServerInfo } from '../../storage/lock.ts'
import { CmsError } from '../../core/errors.ts'
import type { LoadProgress } from '../../storage/store.ts'
import { isLoopbackHost } from '../../core/loopback.ts'
import { buildListViews, keepSortKeys, loadSearchIndexes, warmListViews, warmSearch } from '../../service/entries/list.ts'
import { checkWriterUrl } from '../access/read-only.ts'
import { refuseTrackedStateAtStart, watchTrackedState } from '../access/tracked-state.ts'
import { openClone, type FollowClone, type FollowOptions } from '../../replica/follower.ts'

export interface RunOptions {
  dir?: string
  port?: number
  host?: string
  readOnly?: boolean
  config?: ResolvedConfig
  onProgress?: (p: LoadProgress) => void
  onWarning?: (message: string) => void
  /** Called once per answered request (the request log of `cms serve`). */
  onResponse?: ResponseHook
  /** `--follow`: keep the clone at a remote's branch (read-only servers only; src/replica/). */
  follow?: FollowOptions
  /** The `cms serve` that started this process and that it stops with (cli/serve-flags.ts), recorded in the lock. */
  parent?: ServerInfo['parent']
}

export interface RunningServer {
  ctx: AppContext
  http: ServerHandle
  loadMs: number
  stop(): Promise<void>
}

/**
 * Starts a server the way `cms serve` does: one-writer lock, index load, watcher, HTTP.
 * A read-only server takes no lock (any number may run on one tree).
 */
export async function runServer(options: RunOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig({ dir: options.dir })
  // A writer that also fast-forwarded under its own writes could lose them: following is for replicas.
  if (options.follow && !options.readOnly) throw new CmsError('bad_request', '--follow needs --read-only: a replica serves what the remote has and writes nothing.')
  if (options.readOnly) checkWriterUrl(config)
  // Before any state is read: a pull or checkout may have replaced it with a pushed copy.
  const trackedWatch = await refuseTrackedStateAtStart(config)
  let clone: FollowClone | undefined
  if (options.follow) {
    try {
      clone = await openClone(config.contentDir, options.follow.spec)
    } catch (error) {
      throw new CmsError('storage', `Cannot follow ${options.follow.spec}: ${(error as Error).message}`)
    }
  }
  const token = randomBytes(24).toString('base64url')
  const info: ServerInfo = {
    pid: process.pid, kind: 'server', port: null, host: null, url: null, token, content_dir: config.contentDir, started_at: new Date().toISOString(),
    process_start: ownProcessStart(), ...(options.parent ? { parent: options.parent } : {}),
  }
  if (!options.readOnly) {
    let lock = await acquireLock(config.stateDir, info)
    // A CLI command writing directly holds the lock for a moment: wait for it, as it would for us.
    // So is a server on its way out (its `cms serve` killed): a restart right after a kill starts.
    const deadline = Date.now() + lockWaitMs()
    const waitFor = (l: typeof lock) => !l.ok && (l.holder.kind === 'cli' || l.exiting === true)
    if (!lock.ok && lock.holder.kind === 'cli') options.onWarning?.(`waiting for a cms command (pid ${lock.holder.pid}) that is writing to ${config.contentDir}`)
    else if (!lock.ok && lock.exiting) options.onWarning?.(`waiting for the cms server (pid ${lock.holder.pid}) that is stopping, its \`cms serve\` gone`)
    while (waitFor(lock) && Date.now() < deadline) {
      await sleep(20 + Math.random() * 40)
      lock = await acquireLock(config.stateDir, info)
    }
    if (!lock.ok && lock.holder.kind === 'cli') {
      throw new CmsError('storage', `Another cms command (pid ${lock.holder.pid}) has been writing to ${config.contentDir} for too long; try again once it has finished.`)
    }
    if (!lock.ok) {
      throw new CmsError('storage', `Another cms server (pid ${lock.holder.pid}${lock.holder.url ? `, ${lock.holder.url}` : ''}) is already serving ${config.contentDir}. Stop it first, or start this one with --read-only.`)
    }
    if (lock.tookOver) options.onWarning?.(`took over a stale lock from pid ${lock.tookOver.pid}, which is no longer a cms server`)
  }
  const started = Date.now()
  let ctx: AppContext | undefined
  try {
    // Long list reads run in slices that give the event loop back (service/entries/list.ts).
    ctx = await createContext({
      config, watch: true, source: 'api', resume: !options.readOnly, localAdminToken: token, readOnly: options.readOnly === true, slicedLists: true,
      // Receiver rules depend on the bind: a loopback-only server allows local http receivers.
      loopbackOnly: isLoopbackHost(options.host ?? '127.0.0.1'),
      ...(options.follow && clone ? { follow: { clone, options: options.follow } } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    })
    watchTrackedState(ctx, trackedWatch)
    const loadMs = Date.now() - started
    // What the common list shapes read, built before the port answers (~1.1 s at 100k entries:
    // views 0.7 s, locale lists and category indexes 0.4 s). Built after listening instead, the
    // first reads were scans: the first Q2 after ready took 160–320 ms at 100k, 30 ms with them.
    buildListViews(ctx)
    await warmListViews(ctx)
    const app = createApp(ctx)
    startServing(ctx)
    const http = await startServer(app, { ...(options.port !== undefined ? { port: options.port } : {}), ...(options.host ? { host: options.host } : {}), ...(options.onResponse ? { onResponse: options.onResponse } : {}) })
    if (!options.readOnly) await updateLock(config.stateDir, { ...info, port: http.port, host: http.host, url: http.url })
    ctx.replica?.start()
    const running = ctx
    let stopping: Promise<void> | undefined
    // In the background, after the port answers: what a sort never asked before reads (query/key-columns.ts).
    // The search indexes kept in the index cache load beside them, in slices (docs/search.md).
    const searchLoad = loadSearchIndexes(running, () => stopping !== undefined)
    const keys = keepSortKeys(running, () => stopping !== undefined).catch((error: unknown) => options.onWarning?.(`keeping sort keys failed: ${(error as Error).message}`))
      .then(() => searchLoad)
      // Then the search indexes not loaded, also in slices: a search before they are ready builds its own.
      .then(() => warmSearch(running, () => stopping !== undefined)).catch((error: unknown) => options.onWarning?.(`building the search index failed: ${(error as Error).message}`))
    return {
      ctx: running, http, loadMs,
      stop: () => (stopping ??= (async () => {
        await keys
        await http.close()
        await running.close()
        if (!options.readOnly) await releaseLock(config.stateDir)
      })()),
    }
  } catch (error) {
    await ctx?.close().catch(() => {})
    if (!options.readOnly) await releaseLock(config.stateDir)
    throw error
  }
}
