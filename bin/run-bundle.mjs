import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import vm from 'node:vm'

/**
 * Runs the CLI bundle (dist/bundle/index.cjs, scripts/bundle-cli.mjs) with V8's code cache beside
 * it: a command then skips parsing and compiling most of the bundle, 50–80 ms of the ~300 ms of CPU a
 * command costs (docs/benchmarks.md, "a code cache for the CLI"). Node 20 has no module compile
 * cache (module.enableCompileCache is Node 22), and vm.Script's cachedData is the one it offers, for
 * scripts, hence a CommonJS bundle. V8 checks a cache against its source by length only: the file's
 * name holds the bundle's size and time, so a rebuilt bundle never meets an old cache. V8 rejects a
 * cache made by another V8 or under other V8 flags (`cms serve` runs with its own): a process that
 * meets a rejected cache and runs with flags writes one of its own, named by a digest of its Node
 * version and flags, and uses that one from then on, so neither replaces the other at each start.
 * With none there, or a broken one, the command writes it as it exits (with the functions it
 * compiled), atomically by rename; a folder it cannot write only costs the speed.
 */
export function requireBundle(file) {
  const info = statSync(file)
  const build = `${file}.${info.size}-${Math.trunc(info.mtimeMs)}`
  const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.trim()
  const ownCache = flags === '' ? null : `${build}-${createHash('sha1').update(`${process.version} ${flags}`).digest('hex').slice(0, 8)}.v8cache`
  const cacheFile = ownCache !== null && existsSync(ownCache) ? ownCache : `${build}.v8cache`
  let cachedData
  try { cachedData = readFileSync(cacheFile) } catch { /* none yet */ }
  // ASCII by construction (scripts/bundle-cli.mjs): latin1 reads it without UTF-8's decoding, 15 ms less.
  const source = readFileSync(file, 'latin1')
  // The bundle has no import() (scripts/bundle-cli.mjs turns the external ones into require()).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData })
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => writeCache(file, build, cachedData !== undefined && ownCache !== null ? ownCache : cacheFile, script))
  }
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}

function writeCache(file, build, cacheFile, script) {
  try {
    const temp = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(temp, script.createCachedData())
    renameSync(temp, cacheFile)
    // The caches of earlier builds of the bundle (this build's, under other flags, stay).
    const dir = dirname(file)
    const base = file.slice(dir.length + 1)
    for (const name of readdirSync(dir)) {
      const path = `${dir}/${name}`
      if (name.startsWith(`${base}.`) && /\.v8cache(\.\d+\.tmp)?$/.test(name) && !path.startsWith(`${build}.`) && !path.startsWith(`${build}-`)) rmSync(path, { force: true })
    }
  } catch {
    // A read-only install: the command ran, only without the cache.
  }
}
