/**
 * A part of the context that is costly or starts something (the editor's activity feed
 * subscribes to the store; project auth opens `.cms/auth.json`), so it is made on first use;
 * but the holder and its factory are made by the composition root, so the context itself is
 * whole when created and never changed after. `peek` reads it without making it.
 */
export class Lazy<T> {
  #make: (() => T) | null
  #value: T | undefined

  constructor(make: () => T) {
    this.#make = make
  }

  get(): T {
    if (this.#make) {
      const make = this.#make
      this.#make = null
      this.#value = make()
    }
    return this.#value as T
  }

  peek(): T | undefined {
    return this.#value
  }
}
