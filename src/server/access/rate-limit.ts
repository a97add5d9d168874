/**
 * Fixed-window request counter per key (Laravel's `throttle:api`): the first request of a key
 * opens a window of `windowMs`; every request in it counts; past `limit` the answer is 429
 * until the window closes. Pure bookkeeping, no HTTP: the middleware decides the key.
 */
export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfter: number
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number, nowMs?: number): RateDecision
  /** Number of keys tracked (for tests and pruning). */
  readonly size: number
}

/** Keys are pruned once this many are tracked, so a flood of addresses cannot grow memory without bound. */
const PRUNE_AT = 10_000

export function createRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const prune = (nowMs: number) => {
    for (const [key, w] of windows) if (w.resetAt <= nowMs) windows.delete(key)
  }
  return {
    get size() {
      return windows.size
    },
    hit(key, limit, windowMs, nowMs = Date.now()) {
      let w = windows.get(key)
      if (!w || w.resetAt <= nowMs) {
        if (!w && windows.size >= PRUNE_AT) prune(nowMs)
        w = { count: 0, resetAt: nowMs + windowMs }
        windows.set(key, w)
      }
      w.count += 1
      const retryAfter = Math.max(1, Math.ceil((w.resetAt - nowMs) / 1000))
      return { allowed: w.count <= limit, limit, remaining: Math.max(0, limit - w.count), retryAfter }
    },
  }
}
