#!/usr/bin/env node
// The `cms` command runs one esbuild bundle of dist/ and its dependencies (dist/bundle/index.cjs), not
// the ~250 modules tsc writes: a command without a server spent ~130 ms of its ~550 ms of CPU resolving,
// reading and compiling them one by one (docs/benchmarks.md, "CLI start"), and a CI job or the test
// suite runs hundreds of commands. The library entry points (cms, cms/client, cms/reader, ...) stay
// tsc's modules. Dynamic imports stay lazy: their modules' code runs when a command needs them.
// One CommonJS script, not ES modules: bin/run-bundle.mjs compiles it with V8's code cache, which
// Node 20 offers for scripts only (vm.Script cachedData), 50–80 ms less per command (docs/benchmarks.md).
// bin/cms.mjs falls back to dist/cli/index.js when the bundle is missing or older than it.
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const outdir = `${root}dist/bundle`
rmSync(outdir, { recursive: true, force: true })
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // sharp loads a native binary.
  external: ['sharp'],
  // jsonc-parser's `main` is a UMD build that requires its parts by computed names: its ES build instead.
  // ofetch's Node build only adds node-fetch-native (~110 KB) for Nodes without a global fetch; Node 20 has one.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js', ofetch: join(dirname(require.resolve('ofetch/package.json')), 'dist/index.mjs') },
  logLevel: 'warning',
}
/**
 * import() of what stays outside the bundle (sharp, Node's own modules) becomes require(): in a
 * vm.Script, import() needs a callback that Node 20 allows only behind --experimental-vm-modules,
 * and that a script compiled from V8's code cache loses.
 */
const importAsRequire = {
  name: 'import-as-require',
  setup(b) {
    b.onResolve({ filter: /^(sharp|node:.+)$/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, namespace: 'import-as-require' } : undefined))
    b.onLoad({ filter: /.*/, namespace: 'import-as-require' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)})`, loader: 'js' }))
  },
}
await build({
  ...common,
  // Directly in dist/bundle/: src/core/package-dir.ts finds the package two folders up.
  entryPoints: ['dist/cli/index.js'],
  plugins: [importAsRequire],
  outfile: `${outdir}/index.cjs`,
  format: 'cjs',
  // Our modules are ES modules, strict by definition: the script keeps that. import.meta.url is the
  // script's own URL (package-dir.ts, and the validate worker started beside it).
  define: { 'import.meta.url': '__cmsScriptUrl' },
  banner: { js: `"use strict";\nconst __cmsScriptUrl = require('node:url').pathToFileURL(__filename).href;` },
})
// ASCII only: bin/run-bundle.mjs reads the script as latin1, 15 ms less than UTF-8 for its 4 MB.
// esbuild escapes strings and names but leaves regular expressions (and comments) as they are;
// a \uXXXX escape means the same character in either.
const script = readFileSync(`${outdir}/index.cjs`, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
writeFileSync(`${outdir}/index.cjs`, script)
// Any other import() left in the script would fail when it runs (esbuild writes strings with double quotes).
const leftover = /[^\w$.]import\("[^"]*"\)/.exec(script)
if (leftover) throw new Error(`bundle-cli: dist/bundle/index.cjs keeps ${leftover[0].slice(1)}, which a script cannot run: bundle it, or add it to importAsRequire`)
await build({
  ...common,
  // The validate worker is started by URL beside the code that starts it (review/validate.ts).
  entryPoints: ['dist/review/validate-worker.js'],
  outfile: `${outdir}/validate-worker.js`,
  format: 'esm',
  // CommonJS dependencies (ajv, yaml) call require() for Node's own modules.
  banner: { js: "import { createRequire as __cmsCreateRequire } from 'node:module'; const require = __cmsCreateRequire(import.meta.url);" },
})

// The code cache holds what the command that wrote it compiled: write it from a command that loads,
// validates and writes (an entry created without a server), not from whichever command runs first
// (`cms --version` would leave most of the bundle to compile in every later command).
// A warm-up that fails only costs the speed: the first command then writes the cache.
const warm = mkdtempSync(join(tmpdir(), 'cms-warm-'))
try {
  const cms = (...args) => execFileSync(process.execPath, [`${root}bin/cms.mjs`, ...args, '--dir', `${warm}/content`], { stdio: 'pipe' })
  cms('init', '--name', 'Warm-up')
  cms('collection', 'add', 'notes', '--fields', JSON.stringify([{ name: 'title', type: 'text', validations: { required: { status: true } } }]))
  for (const name of readdirSync(outdir)) if (name.endsWith('.v8cache')) rmSync(join(outdir, name))
  cms('entry', 'create', 'notes', '--data', JSON.stringify({ title: 'Warm-up' }), '--json')
} catch (error) {
  process.stderr.write(`bundle-cli: no code cache written ahead (the first command will write it): ${String(error.stderr || error.message).trim().split('\n')[0]}\n`)
} finally {
  rmSync(warm, { recursive: true, force: true })
}
