#!/usr/bin/env node
// The `cms` command runs one esbuild bundle of dist/ and its dependencies (dist/bundle/), not the
// ~250 modules tsc writes: a command without a server spent ~130 ms of its ~550 ms of CPU resolving,
// reading and compiling them one by one (docs/benchmarks.md, "CLI start"), and a CI job or the test
// suite runs hundreds of commands. The library entry points (cms, cms/client, cms/reader, ...) stay
// tsc's modules. Dynamic imports stay lazy: they become chunks loaded when a command needs them.
// bin/cms.mjs falls back to dist/cli/index.js when the bundle is missing or older than it.
import { build } from 'esbuild'
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const outdir = `${root}dist/bundle`
rmSync(outdir, { recursive: true, force: true })
const result = await build({
  absWorkingDir: root,
  // The validate worker is started by URL beside the code that starts it: bundled as an entry of
  // its own, it lands in the same folder as that code's chunk.
  entryPoints: ['dist/cli/index.js', 'dist/review/validate-worker.js'],
  entryNames: '[name]',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // sharp loads a native binary.
  external: ['sharp'],
  // jsonc-parser's `main` is a UMD build that requires its parts by computed names: its ES build instead.
  // ofetch's Node build only adds node-fetch-native (~110 KB) for Nodes without a global fetch; Node 20 has one.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js', ofetch: join(dirname(require.resolve('ofetch/package.json')), 'dist/index.mjs') },
  // CommonJS dependencies (ajv, yaml, commander, qs) call require() for Node's own modules.
  banner: { js: "import { createRequire as __cmsCreateRequire } from 'node:module'; const require = __cmsCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
})
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  // Every chunk sits directly in dist/bundle/: src/core/package-dir.ts finds the package two folders up.
  if (!/^dist\/bundle\/[^/]+$/.test(file)) throw new Error(`bundle-cli: ${file} is not directly in dist/bundle/`)
  // `await import('pkg')` of a CommonJS package gives Node named exports, but in a bundle only
  // `default`: a destructured name would be undefined. Busboy is taken as `default` (assets/upload.ts).
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(output.entryPoint ?? '')?.[1]
  if (pkg && pkg !== 'busboy' && /^export default require_/m.test(readFileSync(join(root, file), 'utf8'))) {
    throw new Error(`bundle-cli: ${file} is \`await import('${pkg}')\`, a CommonJS package: import it statically from a module of ours, or take .default`)
  }
}
