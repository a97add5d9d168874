#!/usr/bin/env node
import { statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// Loading a large content tree is many small reads: give libuv more threads than its default 4.
process.env.UV_THREADPOOL_SIZE ??= '16'
// `cms serve` needs V8 flags from its start: without them it runs itself again with them (cli/serve-flags.ts).
if (process.argv[2] === 'serve') {
  const { respawnWithServeFlags } = await import('../dist/cli/serve-flags.js')
  if (respawnWithServeFlags(process.argv[1], process.argv.slice(2))) await new Promise(() => {})
}
const BUNDLE = fileURLToPath(new URL('../dist/bundle/index.cjs', import.meta.url))
const { run } = bundleIsFresh() ? (await import('./run-bundle.mjs')).requireBundle(BUNDLE) : await import('../dist/cli/index.js')
await run(process.argv)

/**
 * The CLI bundle (scripts/bundle-cli.mjs: one script instead of ~250 modules, run with V8's code
 * cache by run-bundle.mjs) when it was built from the current dist/; tsc's modules otherwise (a
 * build that ran tsc but not the bundler).
 */
function bundleIsFresh() {
  const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1
  const bundle = mtime(BUNDLE)
  return bundle >= 0 && bundle >= mtime(fileURLToPath(new URL('../dist/cli/index.js', import.meta.url)))
}
