#!/usr/bin/env node
// Ranks test files by duration from vitest's JSON report, to find what the suite spends its time
// on (docs/benchmarks.md, "The suite"). Usage:
//   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/report.json
//   node scripts/test-durations.mjs /tmp/report.json [top]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'

const [file, top = '25'] = process.argv.slice(2)
if (!file) {
  process.stderr.write('usage: node scripts/test-durations.mjs <vitest-json-report> [top]\n')
  process.exit(2)
}
const report = JSON.parse(readFileSync(file, 'utf8'))
const rows = report.testResults.map((r) => ({
  file: relative(process.cwd(), r.name),
  ms: (r.endTime ?? 0) - (r.startTime ?? 0),
  tests: r.assertionResults.length,
  passed: r.assertionResults.filter((a) => a.status === 'passed').length,
}))
const project = (f) => (f.startsWith('test/unit/') ? 'unit' : f.startsWith('test/e2e/editor/') ? 'editor' : 'e2e')
const sum = (list) => list.reduce((s, r) => s + r.ms, 0)
process.stdout.write(`${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed) in ${rows.length} files\n`)
for (const p of ['unit', 'e2e', 'editor']) {
  const mine = rows.filter((r) => project(r.file) === p)
  process.stdout.write(`${p.padEnd(7)} ${String(mine.length).padStart(4)} files ${String(mine.reduce((s, r) => s + r.tests, 0)).padStart(5)} tests ${(sum(mine) / 1000).toFixed(1).padStart(8)} s summed file time\n`)
}
process.stdout.write('\nslowest files:\n')
for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, Number(top))) {
  process.stdout.write(`${(r.ms / 1000).toFixed(1).padStart(7)} s ${String(r.tests).padStart(4)} tests  ${r.file}\n`)
}
