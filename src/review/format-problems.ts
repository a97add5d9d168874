import { join, relative, sep } from 'node:path'
import type { ValidateReport } from './validate.ts'

/** `cms validate` output: text for people, json for scripts, github for workflow annotations. */
export function formatValidateReport(report: ValidateReport, format: 'text' | 'json' | 'github', cwd = process.cwd()): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  const fromCwd = (file: string) => relative(cwd, join(report.root, file)).split(sep).join('/')
  const lines: string[] = []
  for (const p of report.problems) {
    const path = fromCwd(p.file)
    if (format === 'github') {
      const props = [`file=${escapeProperty(path)}`, ...(p.line ? [`line=${p.line}`] : []), ...(p.column ? [`col=${p.column}`] : []), `title=${escapeProperty(`cms validate (${p.rule})`)}`]
      lines.push(`::error ${props.join(',')}::${escapeData(p.message)}`)
    } else {
      lines.push(`${path}${p.line ? `:${p.line}` : ''}${p.column ? `:${p.column}` : ''}: ${p.message} [${p.rule}]`)
    }
  }
  const files = new Set(report.problems.map((p) => p.file)).size
  lines.push(report.ok
    ? `✓ ${report.files} files, ${report.entries} entries: no problems`
    : `✗ ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (${report.files} files, ${report.entries} entries checked)`)
  return `${lines.join('\n')}\n`
}

/** Workflow-command escaping (GitHub Actions toolkit `escapeData`/`escapeProperty`). */
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
