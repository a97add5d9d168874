import { ofetch, type FetchOptions } from 'ofetch'
import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { schemaJournalPath } from '../storage/schema-journal.ts'
import { Option, type Command } from 'commander'
import { loadConfig, type ResolvedConfig } from '../config.ts'
import { acquireWriterLock, LockBusyError, readServerInfo, type WriterLock } from '../storage/lock.ts'
import { createContext, type AppContext } from '../context.ts'
import { parse as parseYaml } from 'yaml'
import { CliError, EXIT } from './output.ts'
import { requireContentRoot } from './content-root.ts'

/** The HTTP API of a running server, as CLI commands call it. */
export interface ApiClient {
  url: string
  /** The project and auth headers every request carries (for streamed requests made outside `request`). */
  headers: Readonly<Record<string, string>>
  request<T = unknown>(method: string, path: string, options?: { query?: Record<string, unknown>; body?: unknown }): Promise<T>
}

/**
 * Where a CLI command sends its work (DESIGN §3): a remote server (`--url`/`CMS_URL`), the
 * server running on this content dir (through its local admin token), or, with none, the
 * store opened directly in this process.
 */
export type Target = { kind: 'remote'; api: ApiClient } | { kind: 'local'; ctx: AppContext }

export interface TargetOptions {
  dir?: string
  url?: string
  token?: string
  project?: string
  /** `--no-deliver`: a command run without a server leaves its webhook deliveries queued. */
  deliver?: boolean
  /** The command only reads: without a server it opens the store without taking the one-writer lock. */
  readOnly?: boolean
}

/** Marks a command's options as read-only (list, show, logs). */
export const reading = <T extends TargetOptions>(options: T): T => ({ ...options, readOnly: true })

/**
 * Adds `--url` (the server, on every command), `--token`, `--project` to a command that can
 * talk to a server, and `--no-deliver` to those that change content (`writes`).
 */
export function addTargetOptions(command: Command, options: { writes?: boolean } = {}): Command {
  command
    .addOption(new Option('--url <url>', 'send to a running server at this URL').env('CMS_URL'))
    .addOption(new Option('--token <token>', 'API token for --url').env('CMS_TOKEN'))
    .addOption(new Option('--project <uuid>', 'project id for --url (default: from project.yaml)').env('CMS_PROJECT_ID'))
  if (options.writes !== false) command.addOption(new Option('--no-deliver', 'without a server: queue webhook deliveries for the next `cms serve` instead of sending them before exiting'))
  return command
}

/** Hooks run after a local (no server) command, before the store closes: e.g. deliver webhooks. */
export const localExitHooks: Array<(ctx: AppContext) => Promise<void>> = []

export async function withTarget<T>(options: TargetOptions, fn: (target: Target) => Promise<T>): Promise<T> {
  const config = loadConfig({ dir: options.dir })
  const serverUrl = options.url
  if (serverUrl) {
    checkServerUrl(serverUrl)
    const projectId = options.project ?? (await readProjectId(config.contentDir))
    if (!projectId) throw new CliError('--url needs a project id: pass --project <uuid> or set CMS_PROJECT_ID', EXIT.cannotRun)
    return fn({ kind: 'remote', api: createApiClient(serverUrl, projectId, options.token) })
  }
  const running = await readServerInfo(config.stateDir)
  if (running?.url && running.token) {
    const projectId = await readProjectId(config.contentDir)
    if (projectId) return fn({ kind: 'remote', api: createApiClient(running.url, projectId, running.token) })
  }
  await requireContentRoot(config.contentDir)
  // A read-only command reads without the lock, unless a killed process left a schema change
  // half done: then it takes the lock like a writer and finishes that change first.
  if (options.readOnly && !existsSync(schemaJournalPath(config.stateDir))) return runLocal(config, options, fn, false)
  // Without a server, a writing command holds the one-writer lock for its whole run (load,
  // checks, writes), so unique and singleton rules hold across processes.
  const lock = await takeWriterLock(config)
  if (!lock.ok) {
    const projectId = await readProjectId(config.contentDir)
    if (!projectId) throw new CliError(`A cms server (pid ${lock.server.pid}) is serving ${config.contentDir}, but project.yaml has no project id to reach it with.`, EXIT.cannotRun)
    return fn({ kind: 'remote', api: createApiClient(lock.server.url!, projectId, lock.server.token!) })
  }
  try {
    return await runLocal(config, options, fn, true)
  } finally {
    await lock.release()
  }
}

/** `resume`: this process holds the writer lock, so it may finish a schema change a killed process left. */
async function runLocal<T>(config: ResolvedConfig, options: TargetOptions, fn: (target: Target) => Promise<T>, resume: boolean): Promise<T> {
  const ctx = await createContext({ config, source: 'cli', deliver: options.deliver !== false, resume })
  try {
    const result = await fn({ kind: 'local', ctx })
    if (!options.readOnly) for (const hook of localExitHooks) await hook(ctx)
    return result
  } finally {
    await ctx.close()
  }
}

/** Takes the one-writer lock for this command, waiting for another CLI writer (with a note on stderr). */
export async function takeWriterLock(config: ResolvedConfig): Promise<WriterLock> {
  try {
    return await acquireWriterLock(config.stateDir, config.contentDir, {
      onWait: (holder) => process.stderr.write(`waiting for another cms command (pid ${holder.pid}) to finish writing to ${config.contentDir}...\n`),
    })
  } catch (error) {
    if (error instanceof LockBusyError) throw new CliError(error.message, EXIT.cannotRun)
    throw error
  }
}

/**
 * Runs a command that writes content files itself and cannot go through a server (`fmt`,
 * `import`, `init`): it holds the one-writer lock while it runs, and refuses while a server
 * holds it, since the server would keep serving (and writing back) what the command replaced.
 */
export async function withDirectWrite<T>(config: ResolvedConfig, command: string, fn: () => Promise<T>): Promise<T> {
  const lock = await takeWriterLock(config)
  if (!lock.ok) {
    const s = lock.server
    throw new CliError(`A cms server (pid ${s.pid}${s.url ? `, ${s.url}` : ''}) is serving ${config.contentDir}. \`cms ${command}\` rewrites files the server owns and cannot go through it: stop the server, run \`cms ${command}\`, then start the server again.`, EXIT.cannotRun)
  }
  try {
    return await fn()
  } finally {
    await lock.release()
  }
}

function createApiClient(url: string, projectId: string, token?: string): ApiClient {
  const base = url.replace(/\/+$/, '')
  const headers = { 'project-id': projectId, accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }
  return {
    url: base,
    headers,
    request<T>(method: string, path: string, options: { query?: Record<string, unknown>; body?: unknown } = {}) {
      const dotted = dotSegment(path)
      if (dotted !== null) return Promise.reject(new CliError(`"${dotted}" is not a valid name or id here.`, EXIT.problem))
      const init: FetchOptions<'json'> = {
        method,
        headers,
        retry: 0,
        timeout: 30_000,
      }
      if (options.query) init.query = options.query
      if (options.body !== undefined) init.body = options.body as Record<string, unknown>
      return ofetch<T>(`${base}${path}`, init).catch((error: unknown) => {
        const e = error as { data?: unknown; status?: number; message?: string }
        if (e.data && typeof e.data === 'object') throw Object.assign(new Error((e.data as { message?: string }).message ?? 'request failed'), { data: e.data, status: e.status })
        throw new CliError(`Cannot reach the server at ${base}: ${unreachable(error)}.`, EXIT.cannotRun)
      })
    },
  }
}

/**
 * A path segment that is `.` or `..` once decoded (URL parsing resolves even `%2e%2e`), so a
 * name or id taken from the command line cannot climb to another route (`entry get articles ..`).
 */
function dotSegment(path: string): string | null {
  for (const raw of path.split('?')[0]!.split('/')) {
    let segment = raw
    try { segment = decodeURIComponent(raw) } catch { /* the server answers a malformed escape */ }
    if (segment === '.' || segment === '..') return segment
  }
  return null
}

/** `--url` must be an http(s) URL; said before any request rather than as fetch's own words. */
function checkServerUrl(url: string): void {
  let parsed: URL | null = null
  try { parsed = new URL(url) } catch { /* below */ }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new CliError(`--url ${JSON.stringify(url)} is not a server URL: expected http://host:port (as \`cms serve\` prints it).`, EXIT.cannotRun)
  }
}

function unreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: string; cause?: { code?: string; message?: string } } }).cause
  const code = cause?.code ?? cause?.cause?.code
  if (code === 'ECONNREFUSED') return 'connection refused (is `cms serve` running there?)'
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host'
  if (code === 'ETIMEDOUT' || (error as { name?: string }).name === 'TimeoutError') return 'no answer in time'
  if (code === 'ECONNRESET') return 'the connection was reset'
  return cause?.cause?.message ? `no answer (${cause.cause.message})` : 'no answer'
}

async function readProjectId(contentDir: string): Promise<string | null> {
  try {
    const value = parseYaml(await readFile(`${contentDir}/project.yaml`, 'utf8')) as { uuid?: unknown }
    return typeof value.uuid === 'string' ? value.uuid : null
  } catch {
    return null
  }
}
