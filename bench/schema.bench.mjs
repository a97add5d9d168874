#!/usr/bin/env node
// `cms validate` and `cms diff` on the standard workload at 100k entries.
//
// Targets: validate < 10 s; diff of two revisions differing in 1000 entries < 5 s.
// Baselines measured in the same run, for ratios:
//   validate  vs. a bare read + JSON.parse/YAML-free scan of every file (the IO floor)
//   diff      vs. `git diff --numstat` between the same two commits (git's own floor)
//
//   node bench/schema.bench.mjs            (N=100000, 3 rounds)
//   BENCH_N=10000 BENCH_ROUNDS=1 node bench/schema.bench.mjs
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generate, toTemplate } from './gen-workload.mjs'
import { median } from './lib.mjs'

const N = Number(process.env.BENCH_N ?? 100000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CHANGED = Math.min(1000, Math.floor(N / 10))
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const bin = join(repoRoot, 'bin/cms.mjs')
const work = join(repoRoot, 'bench/.data', `schema-${N}`)
const content = join(work, 'content')

const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', '-c', 'core.autocrlf=false', ...args], { cwd: work, encoding: 'utf8', maxBuffer: 1 << 30 }).trim()

function time(fn) {
  const t = process.hrtime.bigint()
  const out = fn()
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, out }
}

function cms(args) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })
  return r
}

// ---- workload ---------------------------------------------------------------------------
if (!existsSync(join(content, 'project.yaml')) || !existsSync(join(work, '.git'))) {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const templateFile = join(work, 'template.json')
  writeFileSync(templateFile, JSON.stringify(toTemplate(generate(N))))
  process.stdout.write(`importing ${N} entries ...\n`)
  const imp = time(() => cms(['import', templateFile, '--dir', content]))
  if (imp.out.status !== 0) { process.stderr.write(imp.out.stderr); process.exit(2) }
  process.stdout.write(`  import: ${(imp.ms / 1000).toFixed(1)} s\n`)
  git('init', '-q', '.')
  git('add', 'content')
  git('commit', '-q', '-m', 'base')
  // Head: CHANGED entries edited (every third also published), as commits to a branch.
  const dir = join(content, 'entries/articles')
  const names = readdirSync(dir).sort().slice(0, CHANGED)
  names.forEach((name, i) => {
    const file = join(dir, name)
    const entry = JSON.parse(readFileSync(file, 'utf8'))
    entry.fields = { ...entry.fields, title: `${entry.fields.title} (revised)`, excerpt: `${entry.fields.excerpt ?? ''} with one more clause` }
    if (i % 3 === 0 && entry.published) entry.published = entry.fields
    writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`)
  })
  git('add', 'content')
  git('commit', '-q', '-m', 'head')
}
const files = git('ls-files', 'content').split('\n').length
process.stdout.write(`workload: ${N} entries, ${files} files under content/, ${CHANGED} entries differ between HEAD~1 and HEAD\n\n`)

// ---- validate -----------------------------------------------------------------------------
function floorScan() {
  let n = 0
  const walk = (d) => {
    for (const item of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, item.name)
      if (item.isDirectory()) walk(p)
      else { const t = readFileSync(p, 'utf8'); if (p.endsWith('.json')) JSON.parse(t); n++ }
    }
  }
  walk(content)
  return n
}
const floor = []
const validate = []
let validateOut = null
for (let i = 0; i < ROUNDS; i++) {
  floor.push(time(floorScan).ms)
  const v = time(() => cms(['validate', '--dir', content, '--format', 'json']))
  if (v.out.status === 2) { process.stderr.write(v.out.stderr); process.exit(2) }
  validateOut = JSON.parse(v.out.stdout)
  validate.push(v.ms)
  process.stdout.write(`  round ${i + 1}: floor ${(floor.at(-1) / 1000).toFixed(2)} s, validate ${(v.ms / 1000).toFixed(2)} s (load avg ${loadavg()[0].toFixed(2)})\n`)
}

// ---- diff ---------------------------------------------------------------------------------
const gitFloor = []
const diff = []
let diffOut = null
for (let i = 0; i < ROUNDS; i++) {
  gitFloor.push(time(() => git('diff', '--numstat', 'HEAD~1', 'HEAD')).ms)
  const d = time(() => cms(['diff', 'HEAD~1', 'HEAD', '--dir', content, '--format', 'json']))
  if (d.out.status !== 0) { process.stderr.write(d.out.stderr); process.exit(2) }
  diffOut = JSON.parse(d.out.stdout)
  diff.push(d.ms)
}

const row = (name, ms, base, limit) => `${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(7)} s   ${(ms / base).toFixed(1).padStart(6)}x baseline   ${ms < limit ? 'OK' : 'OVER'} (< ${limit / 1000} s)`
process.stdout.write(`medians of ${ROUNDS} round(s)\n`)
process.stdout.write(`baseline: read+parse every file       ${(median(floor) / 1000).toFixed(2)} s\n`)
process.stdout.write(`${row('cms validate (whole tree)', median(validate), median(floor), 10000)}   problems: ${validateOut.problems.length}, entries: ${validateOut.entries}\n`)
process.stdout.write(`baseline: git diff --numstat           ${(median(gitFloor) / 1000).toFixed(2)} s\n`)
process.stdout.write(`${row(`cms diff (${CHANGED} entries differ)`, median(diff), median(gitFloor), 5000)}   changed: ${diffOut.summary.changed}, live updates: ${diffOut.summary.live_updates}, draft only: ${diffOut.summary.draft_only}\n`)
const over = median(validate) >= 10000 || median(diff) >= 5000
process.exit(over ? 1 : 0)
