// Helpers every benchmark shares: statistics, and child processes that never outlive the run.
import { execFileSync, spawn } from 'node:child_process'
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
export function autocannonProcess(options) {
  return new Promise((resolve, reject) => {
    const code = `import autocannon from 'autocannon'
      const c0 = process.cpuUsage(); const t0 = performance.now()
      const r = await autocannon(JSON.parse(process.argv[1]))
      const cpu = process.cpuUsage(c0); const wallMs = performance.now() - t0
      process.stdout.write(JSON.stringify({ latency: r.latency, requests: r.requests, non2xx: r.non2xx, errors: r.errors, cpu, wallMs }))`
    const child = spawn(process.execPath, ['--input-type=module', '-e', code, JSON.stringify(options)], { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => { out += d })
    child.stderr.on('data', (d) => { err += d })
    child.on('exit', (code) => {
      children.delete(child)
      if (code === 0) resolve(JSON.parse(out))
      else reject(new Error(`autocannon exited with ${code}: ${err.slice(-2000)}`))
    })
  })
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
