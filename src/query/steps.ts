/**
 * Work over many rows written once and run two ways: a generator that yields between slices
 * of about `slicing.rows` rows. `runNow` runs it to the end (the CLI, tests, small collections);
 * `runSliced` gives the event loop back every few ms (a server: other requests answer
 * between slices); `runWithin` runs it only if it fits in a few slices, so a server answers
 * cheap requests at once and hands the long ones to the sliced path.
 */
export type Steps<T> = Generator<Yielded, T, void>

/**
 * What a step yields: nothing (a slice boundary: pause if the slice has lasted long enough),
 * or WAIT (the work waits for another sliced piece of work, e.g. an index another request is
 * building: pause now). Only work run by `runSliced` may yield WAIT.
 */
export type Yielded = undefined | typeof WAIT
export const WAIT = 'wait'

/**
 * `rows`: rows handled between two yields (tens to hundreds of µs of work). `ms`: how long
 * `runSliced` keeps working before it gives the event loop back: it pauses at the first yield
 * after that, so a slice lasts about `ms` however cold the JIT or busy the machine.
 * `pause`: replaces `yieldToLoop`'s wait. Mutable so that tests can interleave writes with
 * every few rows of a small view (`ms: 0`), and hold a server's sliced work between two slices.
 */
export const slicing: { rows: number; ms: number; pause: (() => Promise<void>) | null } = { rows: 256, ms: 4, pause: null }

/** Returned by `runWithin` when the work needs more slices than allowed (it was abandoned). */
export const LATER: unique symbol = Symbol('later')

export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next()
    if (r.done) return r.value
  }
}

/** The result if the work finishes within `slices` yields; else LATER (the generator is closed: its `finally` blocks run). */
export function runWithin<T>(steps: Steps<T>, slices: number): T | typeof LATER {
  for (let i = 0; ; i++) {
    const r = steps.next()
    if (r.done) return r.value
    if (i >= slices) {
      steps.return(undefined as T)
      return LATER
    }
  }
}

/** `ms`: a shorter slice for background work no request waits for (a request arriving meanwhile waits for the slice to end). */
export async function runSliced<T>(steps: Steps<T>, pause: () => Promise<void>, ms: number = slicing.ms): Promise<T> {
  const budget = Math.min(ms, slicing.ms)
  let since = performance.now()
  try {
    for (;;) {
      const r = steps.next()
      if (r.done) return r.value
      if (r.value === WAIT || performance.now() - since >= budget) {
        await pause()
        since = performance.now()
      }
    }
  } finally {
    // A pause that threw (the work was stopped) closes the steps: their `finally` blocks run.
    steps.return(undefined as T)
  }
}

/** A pause that lets every pending I/O callback (other requests) run first. */
export const yieldToLoop = (): Promise<void> => slicing.pause ? slicing.pause() : new Promise<void>((resolve) => setImmediate(resolve))
