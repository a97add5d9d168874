#!/usr/bin/env node
// Loading a large content tree is many small reads: give libuv more threads than its default 4.
process.env.UV_THREADPOOL_SIZE ??= '16'
const { run } = await import('../dist/cli/index.js')
await run(process.argv)
