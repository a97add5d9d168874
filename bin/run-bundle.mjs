import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import vm from 'node:vm'

/**
 * Runs the CLI bundle (dist/bundle/index.cjs, scripts/bundle-cli.mjs) with V8's code cache beside
 * it: a command then skips parsing and compiling most of the bundle, 50–80 ms of the ~300 ms of CPU a
 * command costs (docs/benchmarks.md, "a code cache for the CLI"). Node 20 has no module compile
 * cache (module.enableCompileCache is Node 22), and vm.Script's cachedData is the one it offers, for
 * scripts, hence a CommonJS bundle. V8 checks a cache against its source by length only, and
 * rejects one made by another V8 or under other V8 flags: the file's name holds the bundle's size
 * and time (a rebuilt bundle never meets an old cache) and a digest of the Node version and flags
 * (`cms serve` runs with flags of its own, and would otherwise replace the commands' cache at each
 * start, and they its). With none there, or a rejected one, the command writes one as it exits
 * (with the functions it compiled), atomically by rename; a folder it cannot write only costs the speed.
 */
export function requireBundle(file) {
  const info = statSync(file)
  const build = `${file}.${info.size}-${Math.trunc(info.mtimeMs)}`
  const flags = createHash('sha1').update(`${process.version} ${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`).digest('hex').slice(0, 8)
  const cacheFile = `${build}-${flags}.v8cache`
  let cachedData
  try { cachedData = readFileSync(cacheFile) } catch { /* none yet */ }
  const source = readFileSync(file, 'utf8')
  // The bundle has no import() (scripts/bundle-cli.mjs turns the external ones into require()).
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData })
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => writeCache(file, build, cacheFile, script))
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}

function writeCache(file, build, cacheFile, script) {
  try {
    const temp = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(temp, script.createCachedData())
    renameSync(temp, cacheFile)
    // The caches of earlier builds of the bundle (those of this build under other flags stay).
    const dir = dirname(file)
    const base = file.slice(dir.length + 1)
    for (const name of readdirSync(dir)) {
      if (name.startsWith(`${base}.`) && name.endsWith('.v8cache') && !`${dir}/${name}`.startsWith(`${build}-`)) rmSync(`${dir}/${name}`, { force: true })
    }
  } catch {
    // A read-only install: the command ran, only without the cache.
  }
}
