import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import vm from 'node:vm'

/**
 * Runs the CLI bundle (dist/bundle/index.cjs, scripts/bundle-cli.mjs) with V8's code cache beside
 * it: a command then skips parsing and compiling most of the bundle, 50–80 ms of the ~300 ms of CPU a
 * command costs (docs/benchmarks.md, "CLI start"). Node 20 has no module compile cache
 * (module.enableCompileCache is Node 22), and vm.Script's cachedData is the one it offers, for
 * scripts, hence a CommonJS bundle. The cache is named by the bundle's size and time, because V8
 * checks a cache against its source by length only: a rebuilt bundle never meets an old cache. V8
 * rejects a cache from another V8 or with other flags; then, or when none is there, the command
 * writes one as it exits (with the functions it compiled), atomically by rename, and a folder it
 * cannot write only costs the speed.
 */
export function requireBundle(file) {
  const info = statSync(file)
  const cacheFile = `${file}.${info.size}-${Math.trunc(info.mtimeMs)}.v8cache`
  let cachedData
  try { cachedData = readFileSync(cacheFile) } catch { /* none yet */ }
  const source = readFileSync(file, 'utf8')
  // The bundle has no import() (scripts/bundle-cli.mjs turns the external ones into require()).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData })
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => writeCache(file, cacheFile, script))
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}

function writeCache(file, cacheFile, script) {
  try {
    const temp = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(temp, script.createCachedData())
    renameSync(temp, cacheFile)
    // The caches of earlier builds of the bundle.
    const dir = dirname(file)
    const base = file.slice(dir.length + 1)
    for (const name of readdirSync(dir)) {
      if (name.startsWith(`${base}.`) && name.endsWith('.v8cache') && `${dir}/${name}` !== cacheFile) rmSync(`${dir}/${name}`, { force: true })
    }
  } catch {
    // A read-only install: the command ran, only without the cache.
  }
}
