#!/usr/bin/env node
import { statSync } from 'node:fs'
// Loading a large content tree is many small reads: give libuv more threads than its default 4.
process.env.UV_THREADPOOL_SIZE ??= '16'
// `cms serve` needs V8 flags from its start: without them it runs itself again with them (cli/serve-flags.ts).
if (process.argv[2] === 'serve') {
  const { respawnWithServeFlags } = await import('../dist/cli/serve-flags.js')
  if (respawnWithServeFlags(process.argv[1], process.argv.slice(2))) await new Promise(() => {})
}
const { run } = await import(bundleIsFresh() ? '../dist/bundle/index.js' : '../dist/cli/index.js')
await run(process.argv)

/**
 * The CLI bundle (scripts/bundle-cli.mjs: one file and its chunks instead of ~250 modules, ~130 ms
 * less per command) when it was built from the current dist/; tsc's modules otherwise (a build
 * that ran tsc but not the bundler).
 */
function bundleIsFresh() {
  const mtime = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1
  const bundle = mtime('../dist/bundle/index.js')
  return bundle >= 0 && bundle >= mtime('../dist/cli/index.js')
}
