/**
 * Listeners of a stream that can end: each subscriber gives what to call per message and what to
 * call once when the source closes (a server stopping ends its open event streams with it).
 */
export class Subscribers<T> {
  readonly #listeners = new Set<(message: T) => void>()
  readonly #closers = new Set<() => void>()
  #closed = false
  /** Names the stream in the log when a listener throws. */
  readonly #what: string

  constructor(what: string) {
    this.#what = what
  }

  get size(): number {
    return this.#listeners.size
  }

  /** Listens until the returned function runs or the source closes (`onClose` then runs once). */
  subscribe(listener: (message: T) => void, onClose: () => void): () => void {
    if (this.#closed) {
      onClose()
      return () => {}
    }
    this.#listeners.add(listener)
    this.#closers.add(onClose)
    return () => {
      this.#listeners.delete(listener)
      this.#closers.delete(onClose)
    }
  }

  /** One listener failing does not keep the message from the others. */
  publish(message: T): void {
    for (const listener of this.#listeners) {
      try {
        listener(message)
      } catch (error) {
        console.error(`[cms] ${this.#what} listener failed:`, error)
      }
    }
  }

  /** false when it was closed already. */
  close(): boolean {
    if (this.#closed) return false
    this.#closed = true
    const closers = [...this.#closers]
    this.#listeners.clear()
    this.#closers.clear()
    for (const close of closers) close()
    return true
  }
}
