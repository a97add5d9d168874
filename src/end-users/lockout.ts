/**
 * The sign-in lockout of the hosted service: 5 failed sign-ins for one project, email and
 * client address within 300 s lock that triple out (429) until the 300 s from the first failure
 * are over. A successful sign-in clears the count. Memory only, like the other rate limits.
 *
 * An attempt counts as a failure from the moment it starts (`begin`), before its password
 * check (a slow scrypt) resolves, and a success takes that back by clearing the count: counted
 * only once the check failed, 20 guesses sent at once all passed the lockout's check before the
 * first failure was recorded. The lockout holds on its own, whatever `rate_limits.login` says.
 */
export const LOCKOUT_ATTEMPTS = 5
export const LOCKOUT_SECONDS = 300
/** Entries are pruned once this many are tracked, so a flood of guesses cannot grow memory without bound. */
const PRUNE_AT = 10_000

export class SignInLockout {
  readonly #failures = new Map<string, { count: number; resetAt: number }>()

  /** Seconds until `key` may try again, or null when it is not locked out. */
  lockedFor(key: string, nowMs = Date.now()): number | null {
    const f = this.#failures.get(key)
    if (!f || f.resetAt <= nowMs) return null
    return f.count >= LOCKOUT_ATTEMPTS ? Math.max(1, Math.ceil((f.resetAt - nowMs) / 1000)) : null
  }

  /**
   * Starts an attempt for `key`: the seconds it is locked out for, or null when it may go on,
   * in which case the attempt already counts as a failure (a success then calls `clear`).
   */
  begin(key: string, nowMs = Date.now()): number | null {
    const locked = this.lockedFor(key, nowMs)
    if (locked !== null) return locked
    this.fail(key, nowMs)
    return null
  }

  fail(key: string, nowMs = Date.now()): void {
    let f = this.#failures.get(key)
    if (!f || f.resetAt <= nowMs) {
      if (this.#failures.size >= PRUNE_AT) for (const [k, v] of this.#failures) if (v.resetAt <= nowMs) this.#failures.delete(k)
      f = { count: 0, resetAt: nowMs + LOCKOUT_SECONDS * 1000 }
      this.#failures.set(key, f)
    }
    f.count += 1
  }

  clear(key: string): void {
    this.#failures.delete(key)
  }
}
