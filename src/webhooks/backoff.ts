/**
 * The retry schedule, as pure functions: delays grow by `factor` from `baseMs`, each with
 * ±`jitter` random spread, capped at `maxDelayMs`; a receiver's `Retry-After` is honoured
 * (never retried sooner than it asks, up to `maxDelayMs`).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. @default 8 */
  maxAttempts: number
  /** Delay before the second attempt. @default 15000 (15 s) */
  baseMs: number
  /** Growth per attempt. @default 3 (15 s, 45 s, 2.25 min ... about 4.5 h over 8 attempts) */
  factor: number
  /** Longest single wait, also the cap on Retry-After. @default 21600000 (6 h) */
  maxDelayMs: number
  /** Random spread as a fraction of the delay. @default 0.2 */
  jitter: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8, baseMs: 15_000, factor: 3, maxDelayMs: 6 * 3600_000, jitter: 0.2,
}

/** What an attempt's outcome means for the delivery. */
export type Outcome = 'success' | 'retry' | 'final' | 'gone'

/** 2xx success; 408, 429, 5xx retry; 410 disables the webhook; any other status is final. */
export function classifyStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'success'
  if (status === 410) return 'gone'
  if (status === 408 || status === 429 || status >= 500) return 'retry'
  return 'final'
}

/**
 * Milliseconds to wait after attempt number `attempt` (1-based) failed, or null when no
 * attempt is left. `random` is injectable for tests.
 */
export function nextDelay(attempt: number, policy: RetryPolicy, retryAfterMs: number | null = null, random: () => number = Math.random): number | null {
  if (attempt >= policy.maxAttempts) return null
  const base = Math.min(policy.maxDelayMs, policy.baseMs * policy.factor ** (attempt - 1))
  const spread = base * policy.jitter * (random() * 2 - 1)
  const delay = Math.max(0, Math.round(base + spread))
  if (retryAfterMs !== null && retryAfterMs > delay) return Math.min(retryAfterMs, policy.maxDelayMs)
  return Math.min(delay, policy.maxDelayMs)
}

/** `Retry-After` as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return null
  return Math.max(0, date - nowMs)
}

/**
 * The policy from settings: `CMS_WEBHOOK_MAX_ATTEMPTS`, `CMS_WEBHOOK_RETRY_BASE_MS`,
 * `CMS_WEBHOOK_RETRY_FACTOR`, `CMS_WEBHOOK_RETRY_MAX_MS`, `CMS_WEBHOOK_RETRY_JITTER`.
 */
export function retryPolicyFrom(env: Readonly<Record<string, string | undefined>>): RetryPolicy {
  const num = (name: string, fallback: number, min: number) => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') return fallback
    const n = Number(raw)
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number >= ${min}, got ${JSON.stringify(raw)}`)
    return n
  }
  return {
    maxAttempts: Math.floor(num('CMS_WEBHOOK_MAX_ATTEMPTS', DEFAULT_RETRY_POLICY.maxAttempts, 1)),
    baseMs: num('CMS_WEBHOOK_RETRY_BASE_MS', DEFAULT_RETRY_POLICY.baseMs, 0),
    factor: num('CMS_WEBHOOK_RETRY_FACTOR', DEFAULT_RETRY_POLICY.factor, 1),
    maxDelayMs: num('CMS_WEBHOOK_RETRY_MAX_MS', DEFAULT_RETRY_POLICY.maxDelayMs, 0),
    jitter: Math.min(1, num('CMS_WEBHOOK_RETRY_JITTER', DEFAULT_RETRY_POLICY.jitter, 0)),
  }
}
