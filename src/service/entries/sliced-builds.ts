import type { EntryRecord } from '../../core/types.ts'

/**
 * What a collection keeps per state and patches on every change (its views, its search
 * indexes), built in slices on a server: one build per state at a time; the changes told while
 * it builds are kept and applied to it before it is published; and if a synchronous read built
 * one meanwhile, that one is kept (it has seen every change).
 */
export class SlicedBuilds<S, T> {
  readonly #built = new Map<S, T>()
  readonly #building = new Map<S, { done: Promise<T>; changes: Array<[string, EntryRecord | null]> }>()
  readonly #apply: (built: T, state: S, uuid: string, entry: EntryRecord | null) => void

  constructor(apply: (built: T, state: S, uuid: string, entry: EntryRecord | null) => void) {
    this.#apply = apply
  }

  get(state: S): T | undefined {
    return this.#built.get(state)
  }

  set(state: S, built: T): void {
    this.#built.set(state, built)
  }

  /** What is built so far, by state. */
  all(): ReadonlyMap<S, T> {
    return this.#built
  }

  /** The state's product, started by `build` unless it is built or being built. */
  ready(state: S, build: () => Promise<T>): Promise<T> {
    const built = this.#built.get(state)
    if (built) return Promise.resolve(built)
    let building = this.#building.get(state)
    if (!building) {
      const changes: Array<[string, EntryRecord | null]> = []
      const done = build().then((made) => {
        this.#building.delete(state)
        const current = this.#built.get(state)
        if (current) return current
        for (const [uuid, entry] of changes) this.#apply(made, state, uuid, entry)
        this.#built.set(state, made)
        return made
      }, (error: unknown) => {
        this.#building.delete(state)
        throw error
      })
      this.#building.set(state, (building = { done, changes }))
    }
    return building.done
  }

  /** An entry changed (null: gone): applied to every built product, kept for every build in progress. */
  touch(uuid: string, entry: EntryRecord | null): void {
    for (const [state, built] of this.#built) this.#apply(built, state, uuid, entry)
    for (const { changes } of this.#building.values()) changes.push([uuid, entry])
  }
}
