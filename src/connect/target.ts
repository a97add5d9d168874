import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { schemaJournalPath } from '../storage/schema-journal.ts'
import { acquireWriterLock, LockBusyError, readServerInfo, type WriterLock } from '../storage/lock.ts'
import { loadConfig, type ResolvedConfig } from '../config.ts'
import { createApiClient, type ApiClient } from './api.ts'
import { requireContentRoot } from './content-root.ts'
import { CliError, EXIT } from './errors.ts'

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
 * Where the CLI and the MCP server send an operation: always the HTTP API. It is answered by
 * the `--url` server, by the server running on this content dir (through its local admin
 * token), or, with none, by the same app built in this process over the files, holding the
 * one-writer lock for the command (connect/in-process.ts). One path: the answers, errors and
 * URLs are the API's either way.
 */
export async function withApi<T>(options: TargetOptions, fn: (api: ApiClient) => Promise<T>): Promise<T> {
  const config = loadConfig({ dir: options.dir })
  const serverUrl = options.url
  if (serverUrl) {
    checkServerUrl(serverUrl)
    const projectId = options.project ?? (await readProjectId(config.contentDir))
    if (!projectId) throw new CliError('--url needs a project id: pass --project <uuid> or set CMS_PROJECT_ID', EXIT.cannotRun)
    return fn(createApiClient({ url: serverUrl, projectId, token: options.token }))
  }
  const running = await readServerInfo(config.stateDir)
  if (running?.url && running.token) {
    const projectId = await readProjectId(config.contentDir)
    if (projectId) return fn(createApiClient({ url: running.url, projectId, token: running.token }))
  }
  await requireContentRoot(config.contentDir)
  // A read-only command reads without the lock, unless a killed process left a schema change
  // half done: then it takes the lock like a writer and finishes that change first.
  // The app and the content are loaded only here: a command sent to a server never loads them.
  const { inProcess } = await import('./in-process.ts')
  if (options.readOnly && !existsSync(schemaJournalPath(config.stateDir))) return inProcess(config, options, fn, false)
  // Without a server, a writing command holds the one-writer lock for its whole run (load,
  // checks, writes), so unique and singleton rules hold across processes.
  const lock = await takeWriterLock(config)
  if (!lock.ok) {
    const projectId = await readProjectId(config.contentDir)
    if (!projectId) throw new CliError(`A cms server (pid ${lock.server.pid}) is serving ${config.contentDir}, but project.yaml has no project id to reach it with.`, EXIT.cannotRun)
    return fn(createApiClient({ url: lock.server.url!, projectId, token: lock.server.token! }))
  }
  try {
    return await inProcess(config, options, fn, true)
  } finally {
    await lock.release()
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

/** `--url` must be an http(s) URL; said before any request rather than as fetch's own words. */
function checkServerUrl(url: string): void {
  let parsed: URL | null = null
  try { parsed = new URL(url) } catch { /* below */ }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new CliError(`--url ${JSON.stringify(url)} is not a server URL: expected http://host:port (as \`cms serve\` prints it).`, EXIT.cannotRun)
  }
}

async function readProjectId(contentDir: string): Promise<string | null> {
  try {
    // Loaded here: a command sent to a server reads no other YAML (the in-process app loads it with the store).
    // Through our codec, not `import('yaml')`: in the CLI bundle a dynamic import of a CommonJS package has only `default`.
    const { parseYaml } = await import('../storage/codec.ts')
    const value = parseYaml(await readFile(`${contentDir}/project.yaml`, 'utf8')) as { uuid?: unknown }
    return typeof value.uuid === 'string' ? value.uuid : null
  } catch {
    return null
  }
}
