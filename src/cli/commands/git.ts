import { Option, type Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'

/** `cms git ...`: what is saved but not committed (the CLI face of the editor's Changes screen). */
export function registerGit(program: Command): void {
  const git = program.command('git').description('content in git: what is saved but not committed (see docs/git.md)')
  git
    .command('status')
    .description('list content saved but not committed, per entry and field as `cms diff` shows it; exit 0')
    .addOption(dirOption())
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'))
    .addOption(jsonOption())
    .action(async (opts: { dir?: string; format: 'text' | 'markdown' | 'json'; json?: boolean }) => {
      const { loadConfig } = await import('../../config.ts')
      const { statusAt } = await import('../../git/changes.ts')
      const config = loadConfig({ dir: opts.dir })
      const status = await statusAt({ root: config.contentDir, stateDir: config.stateDir }).catch((error: unknown) => {
        throw new CliError((error as Error).message, EXIT.cannotRun)
      })
      const format = opts.json ? 'json' : opts.format
      if (format === 'json') {
        printJson({ branch: status.branch, head: status.head, blocked: status.blocked, files: status.files, report: status.report })
        return
      }
      const lines = [status.branch ? `On branch ${status.branch}` : 'HEAD is detached']
      if (status.blocked) lines.push(`Commits are refused now: ${status.blocked}.`)
      if (status.files.length === 0) lines.push('Nothing saved but not committed.')
      else {
        lines.push(`${status.files.length} file(s) saved but not committed:`)
        for (const f of status.files) lines.push(`  ${f.status === 'added' ? 'A' : f.status === 'deleted' ? 'D' : 'M'} ${f.path}`)
      }
      process.stdout.write(`${lines.join('\n')}\n`)
      if (status.files.length > 0) process.stdout.write(`\n${format === 'markdown' ? status.markdown : status.text}`)
    })
}
