import { readFileSync, realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { parseEnv } from 'node:util'

/** Everything the server and CLI read from the environment, resolved once and frozen. */
export interface ResolvedConfig {
  contentDir: string
  stateDir: string
  /** Requests per minute per token or client; 0 disables. */
  rateLimitPerMinute: number
  /**
   * Whether `API_RATE_LIMIT_PER_MINUTE` was set. Unset, loopback clients (a site build on the
   * same machine) are not limited; set, the limit applies to every client.
   */
  rateLimitExplicit: boolean
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number
  /** Largest upload accepted, in bytes. */
  uploadLimit: number
  /** Largest whole bulk-upload request (`CMS_BULK_UPLOAD_LIMIT`), in bytes; default five files at the upload limit. */
  bulkUploadLimit: number
  /** Extra mime types allowed for uploads beyond the defaults; `*` allows all. */
  uploadMimeAllow: string[]
  webhookAllowInsecureHttp: boolean
  webhookAllowPrivateHosts: boolean
  /** Length of a rate-limit window in ms (`CMS_RATE_LIMIT_WINDOW_MS`); 60 000 outside tests. */
  rateLimitWindowMs: number
  /** Allowed CORS origins; `*` for all. */
  corsOrigins: string[]
  /**
   * Whether `CMS_CORS_ORIGINS` was set. Unset: any origin may read (GET/HEAD) a public
   * project, nothing else. Set: the listed origins may make every request.
   */
  corsConfigured: boolean
  /** Commit every write to git (`--git-commit`, `CMS_GIT_COMMIT=1`). Off by default. */
  gitCommit: boolean
  /** Writes by one author within this many ms go into one commit (`CMS_GIT_WINDOW_MS`, 2000). */
  gitWindowMs: number
  /** Commit message template (`CMS_GIT_MESSAGE`; `\n` for a new line). */
  gitMessage: string
  /** Domain of the author address made from a token's name (`CMS_GIT_EMAIL_DOMAIN`). */
  gitEmailDomain: string
  /** Raw environment after `.env` merging, for modules with their own settings (webhook secrets). */
  env: Readonly<Record<string, string | undefined>>
}

export interface ConfigInput {
  dir?: string | undefined
  env?: Record<string, string | undefined>
  cwd?: string
}

/** Default commit message: `content: publish articles "Hello world" (en, v3)`, one line per action below when a commit holds several. */
const DEFAULT_GIT_MESSAGE = 'content: {summary}\n\n{details}'

/**
 * Resolves the content root: flag > CMS_CONTENT_DIR > ./content, through any symlinks. The
 * tree's identity is its real path: the one-writer lock and the state folder beside it are
 * keyed on it, so `--dir site/content` and `--dir alias/content` (a link to the same folder)
 * share one lock instead of each taking its own.
 */
export function resolveContentDir(input: ConfigInput): string {
  const env = input.env ?? process.env
  return realPath(resolve(input.cwd ?? process.cwd(), input.dir ?? env.CMS_CONTENT_DIR ?? 'content'))
}

/** The real path of the longest part of `path` that exists, the rest as given (a folder `cms init` will create). */
function realPath(path: string): string {
  try {
    return realpathSync.native(path)
  } catch {
    const parent = dirname(path)
    return parent === path ? path : join(realPath(parent), basename(path))
  }
}

/** What each resolved config was built from, so SIGHUP can resolve it again. */
const inputs = new WeakMap<ResolvedConfig, ConfigInput>()

/** Reads `.env` beside the content dir (process env wins) and resolves every setting. */
export function loadConfig(input: ConfigInput = {}): ResolvedConfig {
  const contentDir = resolveContentDir(input)
  const projectDir = dirname(contentDir)
  const env = { ...readDotEnv(join(projectDir, '.env')), ...(input.env ?? process.env) }
  const int = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') return fallback
    const n = Number(raw)
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`)
    return Math.floor(n)
  }
  const bool = (name: string) => /^(1|true|yes|on)$/i.test(env[name] ?? '')
  const list = (name: string, fallback: string[]) => (env[name] ? env[name]!.split(',').map((s) => s.trim()).filter(Boolean) : fallback)
  const uploadLimit = int('CMS_UPLOAD_LIMIT', 100 * 1024 * 1024)
  const config: ResolvedConfig = Object.freeze({
    contentDir,
    stateDir: env.CMS_STATE_DIR ? realPath(resolve(env.CMS_STATE_DIR)) : join(projectDir, '.cms'),
    rateLimitPerMinute: int('API_RATE_LIMIT_PER_MINUTE', 300),
    rateLimitExplicit: (env.API_RATE_LIMIT_PER_MINUTE ?? '').trim() !== '',
    bodyLimit: int('CMS_BODY_LIMIT', 1024 * 1024),
    uploadLimit,
    bulkUploadLimit: int('CMS_BULK_UPLOAD_LIMIT', 5 * uploadLimit),
    uploadMimeAllow: list('CMS_UPLOAD_MIME_ALLOW', []),
    webhookAllowInsecureHttp: bool('WEBHOOK_ALLOW_INSECURE_HTTP'),
    webhookAllowPrivateHosts: bool('WEBHOOK_ALLOW_PRIVATE_HOSTS'),
    rateLimitWindowMs: Math.max(1, int('CMS_RATE_LIMIT_WINDOW_MS', 60_000)),
    corsOrigins: list('CMS_CORS_ORIGINS', ['*']),
    corsConfigured: env.CMS_CORS_ORIGINS !== undefined && env.CMS_CORS_ORIGINS.trim() !== '',
    gitCommit: bool('CMS_GIT_COMMIT'),
    gitWindowMs: int('CMS_GIT_WINDOW_MS', 2000),
    gitMessage: env.CMS_GIT_MESSAGE?.trim() ? env.CMS_GIT_MESSAGE.replace(/\\n/g, '\n') : DEFAULT_GIT_MESSAGE,
    gitEmailDomain: env.CMS_GIT_EMAIL_DOMAIN?.trim() || 'cms.local',
    env: Object.freeze(env),
  })
  // The content dir stays what it resolved to; `.env` and the environment are read again.
  inputs.set(config, input.env ? { dir: contentDir, env: input.env } : { dir: contentDir })
  return config
}

/**
 * Resolves the settings again from the same inputs: re-reads `.env` beside the content dir
 * (and the process environment when none was passed in). This is what SIGHUP does to a
 * running server, the local equivalent of the hosted service's "clear the configuration
 * cache". Throws, leaving the caller to keep the old config, when a value is invalid.
 */
export function reloadConfig(previous: ResolvedConfig): ResolvedConfig {
  const input = inputs.get(previous) ?? { dir: previous.contentDir }
  return loadConfig(input)
}

/** One line on the rate limit in force, for `cms serve` and SIGHUP. */
export function describeRateLimit(config: ResolvedConfig): string {
  const limit = config.rateLimitPerMinute
  if (limit === 0) return 'off (API_RATE_LIMIT_PER_MINUTE=0)'
  const windowMs = config.rateLimitWindowMs
  const per = windowMs === 60_000 ? 'min' : `${windowMs} ms`
  return config.rateLimitExplicit
    ? `${limit}/${per} per token or client, loopback clients included (API_RATE_LIMIT_PER_MINUTE)`
    : `${limit}/${per} per token or client; loopback clients not limited (set API_RATE_LIMIT_PER_MINUTE to limit them too)`
}

/** `.env` parsed by Node's own `util.parseEnv`; a missing file is empty. */
function readDotEnv(path: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>
  } catch {
    return {}
  }
}
