// Helpers every benchmark shares: statistics, and child processes that never outlive the run.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generate, toTemplate } from './gen-workload.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Median; the mean of the two middle values for an even count. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Nearest-rank percentile (p in 0..100). */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/** Child processes started by a benchmark: killed when it exits, however it exits. */
export const children = new Set()
process.on('exit', () => { for (const c of children) c.kill('SIGKILL') })
process.on('SIGINT', () => process.exit(130))

/**
 * autocannon in a process of its own, resolving to its result (with `cpu`, its own
 * process.cpuUsage() over the load, and `wallMs`, the load's duration). A load generator sharing the
 * bench's event loop delays every other request the bench times (a create, a probe) by the
 * time it spends handling its own answers: measured at 1k, the bare server's "writer p99"
 * was 102 ms with autocannon in-process, for creates it answers from memory.
 */
export async function autocannonProcess(options, { cpus = null } = {}) {
  const code = `import autocannon from 'autocannon'
    const c0 = process.cpuUsage(); const t0 = performance.now()
    const r = await autocannon(JSON.parse(process.argv[1]))
    const cpu = process.cpuUsage(c0); const wallMs = performance.now() - t0
    process.stdout.write(JSON.stringify({ latency: r.latency, requests: r.requests, non2xx: r.non2xx, errors: r.errors, cpu, wallMs }))`
  const args = ['--input-type=module', '-e', code, JSON.stringify(options)]
  const [cmd, argv] = pinned(cpus, process.execPath, args)
  return JSON.parse((await runToEnd(cmd, argv, 'autocannon')).out)
}

/** Runs a child the benchmark owns to its end: its stdout, its time; rejects, naming it, when it fails. */
function runToEnd(cmd, argv, name) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(cmd, argv, { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => { out += d })
    child.stderr.on('data', (d) => { err += d })
    child.on('exit', (code) => {
      children.delete(child)
      if (code === 0) resolve({ out, wallMs: performance.now() - t0 })
      else reject(new Error(`${name} exited with ${code}: ${(err || out).slice(-2000)}`))
    })
  })
}

/** Whether wrk (Debian's package `wrk`) is installed: a load generator in C, several times cheaper per request than autocannon. */
export function hasWrk() {
  try { return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout.includes('wrk') } catch { return false }
}

/**
 * wrk in a process of its own, resolving to the same shape as autocannonProcess (latency p50/p99 in
 * ms, requests average/total, non2xx, errors, cpu {user, system} in µs, wallMs). On this 2-core
 * machine autocannon needs about as much CPU per answer as the server it measures, so with it the
 * client, not the server, was the bottleneck of a round; wrk needs a fraction of that.
 */
export async function wrkProcess({ url, connections, duration, headers = {} }, { cpus = null } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url]
  // bash's `times` prints the CPU its children (wrk) used: the client's share of the round.
  const [cmd, argv] = pinned(cpus, 'bash', ['-c', 'wrk "$@" && times', 'wrk', ...args])
  const { out, wallMs } = await runToEnd(cmd, argv, 'wrk')
  const ms = (m) => (m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN)
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const times = [...out.matchAll(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/g)].at(-1)
  const sec = (m, s) => (Number(m) * 60 + Number(s)) * 1e6
  return {
    latency: { p50: ms(/50%\s+([\d.]+)(us|ms|s)/.exec(out)), p99: ms(/99%\s+([\d.]+)(us|ms|s)/.exec(out)) },
    requests: { average: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), total },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
    cpu: times ? { user: sec(times[1], times[2]), system: sec(times[3], times[4]) } : { user: NaN, system: NaN },
    wallMs,
  }
}

/**
 * `[command, args]` to run `file args` on the CPUs listed (`taskset -c`, e.g. '1' or '0-2'), or as
 * is when `cpus` is null or taskset is missing.
 */
export function pinned(cpus, file, args) {
  return cpus && hasTaskset() ? ['taskset', ['-c', cpus, file, ...args]] : [file, args]
}
let taskset = null
function hasTaskset() {
  if (taskset === null) {
    try { execFileSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }); taskset = true } catch { taskset = false }
  }
  return taskset
}

/**
 * The standard workload of `n` articles imported once into `dir/content` with the importer
 * `cms import` runs (called directly, so a bench does not depend on every CLI module; `dist/`
 * must be built), kept across runs. `also(entries, dir)` writes more from the same entries
 * when the import happens (read.bench's json-server data). The project's uuid with it.
 */
export function importWorkload(dir, n, also = null) {
  const content = join(dir, 'content')
  if (!existsSync(join(content, 'project.yaml'))) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const entries = generate(n)
    writeFileSync(join(dir, 'template.json'), JSON.stringify(toTemplate(entries)))
    also?.(entries, dir)
    process.stdout.write(`importing ${n} entries...\n`)
    const code = `import { importTemplate } from ${JSON.stringify(join(root, 'dist/import/template.js'))}; await importTemplate(${JSON.stringify(join(dir, 'template.json'))}, ${JSON.stringify(content)})`
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  }
  const projectId = /^uuid:\s*['"]?([0-9a-f-]{36})/m.exec(readFileSync(join(content, 'project.yaml'), 'utf8'))[1]
  return { dir, content, projectId }
}
