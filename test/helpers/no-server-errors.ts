import { afterEach } from 'vitest'

/**
 * Fails any test during which a server in this process answered a 500 or logged an unhandled
 * error (both go through `console.error('[cms] ...')` in server/http/errors.ts), so a 500 hidden
 * behind an assertion on something else still fails. A test that provokes one on purpose
 * (a full disk, say) calls `allowServerErrors()` first.
 */
const UNEXPECTED = /^\[cms\]( unexpected error| change listener failed| watcher batch failed|$)|failed unexpectedly/
const logged: string[] = []
let allowed = false
const original = console.error.bind(console)
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && UNEXPECTED.test(args[0])) logged.push(args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' '))
  original(...args)
}

export function allowServerErrors(): void {
  allowed = true
}

afterEach(() => {
  const seen = logged.splice(0)
  const wasAllowed = allowed
  allowed = false
  if (seen.length > 0 && !wasAllowed) throw new Error(`a server in this test logged an unexpected error (answered 500):\n${seen[0]}`)
})
