import { Option, type Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import { requireContentRoot } from '../../connect/content-root.ts'

/**
 * Content review for pull requests: `cms validate`, `cms fmt`, `cms diff`. None of them
 * starts or needs a server; only `cms fmt` (without --check) writes, holding the one-writer
 * lock, and it refuses to run while a server holds it.
 */
export function registerReview(program: Command): void {
  program
    .command('validate')
    .description('check every file under the content root (no server, never writes); exit 0 clean, 1 problems, 2 cannot run')
    .addOption(dirOption())
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'github']).default('text'))
    .addOption(jsonOption())
    .option('--translations', 'report missing translations instead (groups with no entry in a locale, fields left empty); exit 1 when any')
    .option('--drafts', 'with --translations: drafts count as present')
    .action(async (opts: { dir?: string; format: 'text' | 'json' | 'github'; json?: boolean; translations?: boolean; drafts?: boolean }) => {
      const { resolveContentDir } = await import('../../config.ts')
      if (opts.translations) {
        const { translationReport, formatTranslationReport } = await import('../../review/translations.ts')
        const root = resolveContentDir({ dir: opts.dir })
        await requireContentRoot(root)
        const report = await translationReport(root, { draft: opts.drafts === true }).catch((error: unknown) => { throw new CliError((error as Error).message, EXIT.cannotRun) })
        process.stdout.write(formatTranslationReport(report, opts.json ? 'json' : opts.format))
        process.exitCode = report.missing.length + report.empty.length === 0 ? EXIT.ok : EXIT.problem
        return
      }
      const { validateTree } = await import('../../review/validate.ts')
      const { formatValidateReport } = await import('../../review/format-problems.ts')
      const root = resolveContentDir({ dir: opts.dir })
      await requireContentRoot(root)
      const report = await validateTree(root).catch((error: unknown) => {
        throw new CliError((error as Error).message, (error as { cannotRun?: boolean }).cannotRun ? EXIT.cannotRun : EXIT.cannotRun)
      })
      process.stdout.write(formatValidateReport(report, opts.json ? 'json' : opts.format))
      process.exitCode = report.ok ? EXIT.ok : EXIT.problem
    })

  program
    .command('fmt')
    .description('rewrite every content file in canonical form (the store\'s own serialisation)')
    .addOption(dirOption())
    .option('--check', 'write nothing; list files that differ and exit 1 if any')
    .addOption(jsonOption())
    .action(async (opts: { dir?: string; check?: boolean; json?: boolean }) => {
      const { loadConfig } = await import('../../config.ts')
      const { formatTree } = await import('../../review/fmt.ts')
      const { withDirectWrite } = await import('../../connect/target.ts')
      const config = loadConfig({ dir: opts.dir })
      await requireContentRoot(config.contentDir)
      const format = () => formatTree(config.contentDir, { check: opts.check === true }).catch((error: unknown) => {
        throw new CliError((error as Error).message, EXIT.cannotRun)
      })
      // Rewriting files under a running server would undo its acknowledged writes: fmt refuses then.
      const report = opts.check ? await format() : await withDirectWrite(config, 'fmt', format)
      if (!opts.check && report.changed.length > 0) {
        const { commitDirectWrite, commitLine } = await import('../../git/direct.ts')
        const line = commitLine(await commitDirectWrite(config, report.changed, `content: format ${report.changed.length} file${report.changed.length === 1 ? '' : 's'} (cms fmt)`))
        if (line) process.stderr.write(`${line}\n`)
      }
      if (opts.json) printJson({ ...report, check: opts.check === true })
      else {
        for (const file of report.changed) process.stdout.write(`${opts.check ? 'would reformat' : 'formatted'} ${file}\n`)
        for (const p of report.problems) process.stderr.write(`${p.file}${p.line ? `:${p.line}` : ''}: ${p.message} (not formatted)\n`)
        process.stdout.write(`${report.changed.length} of ${report.files} files ${opts.check ? 'not in canonical form' : 'reformatted'}\n`)
      }
      process.exitCode = report.problems.length > 0 || (opts.check && report.changed.length > 0) ? EXIT.problem : EXIT.ok
    })

  program
    .command('diff <base> [head]')
    .description('review the content changes between two git revisions, per collection and entry (no head: the work tree, uncommitted edits included, as `git diff <base>`)')
    .addOption(dirOption())
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'markdown', 'json']).default('text'))
    .addOption(jsonOption())
    .action(async (base: string, head: string | undefined, opts: { dir?: string; format: 'text' | 'markdown' | 'json'; json?: boolean }) => {
      const { resolveContentDir } = await import('../../config.ts')
      const { diffRevisions } = await import('../../review/diff.ts')
      const { renderDiff } = await import('../../review/diff-render.ts')
      const root = resolveContentDir({ dir: opts.dir })
      const report = await diffRevisions(root, base, head ?? null)
      process.stdout.write(renderDiff(report, opts.json ? 'json' : opts.format))
    })
}
