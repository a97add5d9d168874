import { afterEach } from 'vitest'

/**
 * Fails any test during which a server in this process answered a 500 or logged an unhandled
 * error (both go through `console.error('[cms] ...')` in server/http/errors.ts), so a 500 hidden
 * behind an assertion on something else still fails. A test that provokes one on purpose
 * (a full disk, say) calls `allowServerErrors()` first.
 */
const UNEXPECTED = /^\[cms\]( unexpected error| change listener failed| watcher batch failed|$)|failed unexpectedly/
// Test files share a worker's modules (vitest.config.ts, isolate: false) and this file runs again
// before each one: console.error is wrapped once per worker, and each run reads the one log.
const shared = globalThis as { __cmsServerErrors?: string[]; __cmsServerErrorsAllowed?: boolean }
const logged: string[] = shared.__cmsServerErrors ?? []
if (!shared.__cmsServerErrors) {
  shared.__cmsServerErrors = logged
  const original = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && UNEXPECTED.test(args[0])) logged.push(args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' '))
    original(...args)
  }
}

export function allowServerErrors(): void {
  shared.__cmsServerErrorsAllowed = true
}

afterEach(() => {
  const seen = logged.splice(0)
  const wasAllowed = shared.__cmsServerErrorsAllowed === true
  shared.__cmsServerErrorsAllowed = false
  if (seen.length > 0 && !wasAllowed) throw new Error(`a server in this test logged an unexpected error (answered 500):\n${seen[0]}`)
})
