import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * An AsyncLocalStorage that is switched off again whenever no scope is open.
 *
 * Why: on Node 20, once an AsyncLocalStorage has run, Node calls its async hook for every async
 * resource and promise the process creates, for the rest of the process's life, whether or not
 * anything reads the store. A server that had taken one write with `--git-commit` (or one CLI
 * command through the local admin token) answered cached reads 4–10% slower from then on
 * (docs/benchmarks.md, session 14). Scopes here are short (one request), so between them the
 * hook is off and reads pay nothing.
 *
 * A scope lasts until the promise of its function settles; work it started and did not await
 * sees no store once every scope has closed.
 */
export class ScopedStorage<T> {
  readonly #storage = new AsyncLocalStorage<T>()
  #open = 0

  /** Runs `fn` with `store` as the current store; the result is always a promise. */
  async run<R>(store: T, fn: () => R): Promise<Awaited<R>> {
    this.#open++
    try {
      return await this.#storage.run(store, fn)
    } finally {
      if (--this.#open === 0) this.#storage.disable()
    }
  }

  getStore(): T | undefined {
    return this.#storage.getStore()
  }

  /** Scopes open now (tests). */
  get open(): number {
    return this.#open
  }
}
