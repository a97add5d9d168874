import { getHeapStatistics } from 'node:v8'
import { totalmem } from 'node:os'
import { CmsError } from '../core/errors.ts'

/** Share of Node's heap limit past which a load that is still growing is stopped. */
const STOP_AT = 0.75
const YOUNG_RESERVE = 48 * 2 ** 20
/**
 * The heap a starting server needs against its entries alone: lists, indexes, the index cache
 * written back are built after the load (the 1M run in docs/benchmarks.md). With a margin, so
 * the suggested setting is enough.
 */
const AFTER_LOAD = 2.5

/**
 * Stops a start-up load that will not fit in Node's heap with an error that says what to do,
 * instead of V8 aborting with "JavaScript heap out of memory" and a native stack minutes in.
 * Node's heap limit is about 4 GB on 64-bit whatever the machine has (it cannot be raised
 * from inside a running process); a million entries need more (docs/benchmarks.md).
 * `loaded` of `total` entries are in memory; the heap used is projected linearly to `total`.
 */
export function checkHeapForLoad(loaded: number, total: number, heap = getHeapStatistics()): void {
  // heap_size_limit also counts the young generation's reserve (48 MiB on 64-bit: measured
  // as limit − --max-old-space-size), where entries never stay: what they can fill is the rest.
  const limit = Math.max(heap.heap_size_limit - YOUNG_RESERVE, heap.heap_size_limit / 2)
  if (loaded === 0 || heap.used_heap_size < STOP_AT * limit) return
  const projected = (heap.used_heap_size / loaded) * total
  if (projected < limit * 0.9) return
  const suggestMb = Math.ceil((projected * AFTER_LOAD) / 2 ** 30) * 1024
  const gb = (b: number) => (b < 2 ** 30 ? `${Math.round(b / 2 ** 20)} MB` : `${(b / 2 ** 30).toFixed(1)} GB`)
  const machine = totalmem()
  const fits = suggestMb * 2 ** 20 < machine * 0.9
  throw new CmsError('storage', `Not enough memory to load ${total} entries: after ${loaded} the JavaScript heap holds ${gb(heap.used_heap_size)} of Node's ${gb(limit)} limit (about ${gb(projected)} needed for the entries alone). `
    + (fits
      ? `Start cms with a larger heap, e.g. NODE_OPTIONS=--max-old-space-size=${suggestMb} (this machine has ${gb(machine)}).`
      : `This machine has ${gb(machine)}; about ${gb(suggestMb * 2 ** 20)} would be needed: split the content or use a larger machine.`))
}

/**
 * Whether the heap is past `share` of Node's limit: optional memory (the sort keys kept on
 * rows, ~450 bytes per entry for two views) is not added past it, so a large tree that fits
 * does not run out of heap after its start (keys are then computed on demand).
 */
export function heapIsTight(share = 0.6, heap = getHeapStatistics()): boolean {
  return heap.used_heap_size > share * heap.heap_size_limit
}
