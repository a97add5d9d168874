#!/usr/bin/env node
// Per-command cost of a `cms` process (docs/benchmarks.md, "CLI start"): runs each command N times
// for each given bin/cms.mjs, alternating the bins, and prints the medians of wall and CPU time
// (user + system, which other work on the machine inflates far less than wall time).
//   node scripts/cli-start-times.mjs --runs 9 --dir <content dir> <old bin/cms.mjs> <new bin/cms.mjs>
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'

const args = process.argv.slice(2)
const take = (flag, fallback) => {
  const i = args.indexOf(flag)
  if (i < 0) return fallback
  const [value] = args.splice(i, 2).slice(1)
  return value
}
const runs = Number(take('--runs', '9'))
const dir = take('--dir', 'content')
const bins = args
if (bins.length === 0) {
  process.stderr.write('usage: node scripts/cli-start-times.mjs [--runs 9] [--dir content] <bin/cms.mjs>...\n')
  process.exit(2)
}
const COMMANDS = [
  ['--version'],
  ['entry', 'list', '--help'],
  ['collection', 'list', '--dir', dir],
  ['entry', 'list', 'articles', '--json', '--dir', dir],
  ['project', 'show', '--json', '--dir', dir],
  ['entry', 'create', 'nope', '--data', '{}', '--dir', dir],
  ['entry', 'create', 'articles', '--data', '{"title":"Timed"}', '--json', '--dir', dir],
  ['init', '--force', '--dir', `${dir}-init`],
]

/** One run: wall ms and the child's CPU ms (GNU time's user + system). */
function once(bin, command) {
  const t = process.hrtime.bigint()
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, bin, ...command], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] })
  const wall = Number(process.hrtime.bigint() - t) / 1e6
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number)
  return { wall, cpu: (user + sys) * 1000, status: r.status }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
process.stdout.write(`load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${cpus().length} cores, ${runs} runs each, alternating bins\n`)
for (const command of COMMANDS) {
  const samples = bins.map(() => ({ wall: [], cpu: [], status: new Set() }))
  for (let i = 0; i < runs; i++) {
    bins.forEach((bin, b) => {
      const s = once(bin, command)
      samples[b].wall.push(s.wall)
      samples[b].cpu.push(s.cpu)
      samples[b].status.add(s.status)
    })
  }
  const cells = samples.map((s) => `wall ${median(s.wall).toFixed(0).padStart(5)} ms  cpu ${median(s.cpu).toFixed(0).padStart(4)} ms  exit ${[...s.status].join(',')}`)
  process.stdout.write(`cms ${command.filter((a) => a !== dir && a !== `${dir}-init`).join(' ')}\n${cells.map((c, b) => `  ${bins.length > 1 ? `bin ${b + 1}: ` : ''}${c}`).join('\n')}\n`)
}
