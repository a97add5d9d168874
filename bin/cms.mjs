#!/usr/bin/env node
// Loading a large content tree is many small reads: give libuv more threads than its default 4.
process.env.UV_THREADPOOL_SIZE ??= '16'
// `cms serve` needs V8 flags from its start: without them it runs itself again with them (cli/serve-flags.ts).
if (process.argv[2] === 'serve') {
  const { respawnWithServeFlags } = await import('../dist/cli/serve-flags.js')
  if (respawnWithServeFlags(process.argv[1], process.argv.slice(2))) await new Promise(() => {})
}
const { run } = await import('../dist/cli/index.js')
await run(process.argv)
