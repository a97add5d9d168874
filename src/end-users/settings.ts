import type { Project, ProjectAuthConfig } from '../core/types.ts'

/** Requests per minute per client for each project-auth route group (the hosted service's defaults). */
export const DEFAULT_RATE_LIMITS = {
  signup: 10,
  login: 20,
  refresh: 120,
  api_keys: 30,
  introspect: 240,
  verification_resend: 20,
  verification_confirm: 60,
} as const
export type AuthLimitName = keyof typeof DEFAULT_RATE_LIMITS

/** Project auth as the service uses it: every default applied. */
export interface AuthSettings {
  enabled: boolean
  emailVerification: boolean
  accessTtlSeconds: number
  refreshTtlSeconds: number
  verificationUrl: string | null
  rateLimits: Record<AuthLimitName, number>
}

const ACCESS_TTL = 15 * 60
const REFRESH_TTL = 30 * 86_400
/** How long a verification link stays good. */
export const VERIFICATION_TTL_SECONDS = 24 * 3_600

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 }

/** Seconds from `900` or `15m` (the schema already checked the form; anything else gets the default). */
export function durationSeconds(value: string | number | undefined, fallback: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value
  const m = typeof value === 'string' ? /^([1-9]\d*)([smhd])$/.exec(value) : null
  return m ? Number(m[1]) * UNIT[m[2]!]! : fallback
}

/** The project's auth settings; a project.yaml without `auth:` has project auth off. */
export function authSettings(project: Pick<Project, 'auth'>): AuthSettings {
  const raw: ProjectAuthConfig = project.auth ?? {}
  const rateLimits = { ...DEFAULT_RATE_LIMITS } as Record<AuthLimitName, number>
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as AuthLimitName[]) {
    const value = raw.rate_limits?.[name]
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) rateLimits[name] = value
  }
  return {
    enabled: raw.enabled === true,
    emailVerification: raw.email_verification === true,
    accessTtlSeconds: durationSeconds(raw.access_token_ttl, ACCESS_TTL),
    refreshTtlSeconds: durationSeconds(raw.refresh_token_ttl, REFRESH_TTL),
    verificationUrl: typeof raw.verification_url === 'string' ? raw.verification_url : null,
    rateLimits,
  }
}

/**
 * `CMS_PUBLIC_URL` (e.g. `https://cms.example.org` or `https://cms.example.org/api`): the
 * address clients reach this server at, the base of the links mailed to end users. An invalid
 * value is reported and not used (links then use the server's own address).
 */
export function publicUrl(env: Readonly<Record<string, string | undefined>>): { url: string | null; error: string | null } {
  const raw = env.CMS_PUBLIC_URL?.trim()
  if (!raw) return { url: null, error: null }
  let url: URL | null = null
  try {
    url = new URL(raw)
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    return { url: null, error: `CMS_PUBLIC_URL must be an http(s) URL without query, fragment or credentials, such as https://cms.example.org; got ${JSON.stringify(raw.slice(0, 200))}. Verification links use the server's own address.` }
  }
  return { url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, error: null }
}

export const AUTH_DISABLED_MESSAGE = 'Project auth is disabled for this project. Turn it on with `auth: { enabled: true }` in content/project.yaml.'
