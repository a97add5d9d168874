import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseEnv } from 'node:util'

/** Everything the server and CLI read from the environment, resolved once and frozen. */
export interface ResolvedConfig {
  contentDir: string
  stateDir: string
  /** Requests per minute per token or client; 0 disables. */
  rateLimitPerMinute: number
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number
  /** Largest upload accepted, in bytes. */
  uploadLimit: number
  /** Extra mime types allowed for uploads beyond the defaults; `*` allows all. */
  uploadMimeAllow: string[]
  webhookAllowInsecureHttp: boolean
  webhookAllowPrivateHosts: boolean
  /** Allowed CORS origins; `*` for all. */
  corsOrigins: string[]
  /** Raw environment after `.env` merging, for modules with their own settings (webhook secrets). */
  env: Readonly<Record<string, string | undefined>>
}

export interface ConfigInput {
  dir?: string | undefined
  env?: Record<string, string | undefined>
  cwd?: string
}

/** Resolves the content root: flag > CMS_CONTENT_DIR > ./content. */
export function resolveContentDir(input: ConfigInput): string {
  const env = input.env ?? process.env
  return resolve(input.cwd ?? process.cwd(), input.dir ?? env.CMS_CONTENT_DIR ?? 'content')
}

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
  return Object.freeze({
    contentDir,
    stateDir: resolve(env.CMS_STATE_DIR ?? join(projectDir, '.cms')),
    rateLimitPerMinute: int('API_RATE_LIMIT_PER_MINUTE', 300),
    bodyLimit: int('CMS_BODY_LIMIT', 1024 * 1024),
    uploadLimit: int('CMS_UPLOAD_LIMIT', 100 * 1024 * 1024),
    uploadMimeAllow: list('CMS_UPLOAD_MIME_ALLOW', []),
    webhookAllowInsecureHttp: bool('WEBHOOK_ALLOW_INSECURE_HTTP'),
    webhookAllowPrivateHosts: bool('WEBHOOK_ALLOW_PRIVATE_HOSTS'),
    corsOrigins: list('CMS_CORS_ORIGINS', ['*']),
    env: Object.freeze(env),
  })
}

/** `.env` parsed by Node's own `util.parseEnv`; a missing file is empty. */
function readDotEnv(path: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>
  } catch {
    return {}
  }
}
