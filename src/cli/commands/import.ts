import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { count, printJson, progress } from '../output.ts'

export function registerImport(program: Command): void {
  program
    .command('import <file>')
    .description('import a project template exported by ElmapiCMS (collections, fields, demo entries)')
    .addOption(dirOption())
    .option('-f, --force', 'replace an existing content root entirely: afterwards it holds exactly the template\'s project')
    .addOption(jsonOption())
    .action(async (file: string, opts: { dir?: string; force?: boolean; json?: boolean }) => {
      const { importTemplate } = await import('../../import/template.ts')
      const { loadConfig } = await import('../../config.ts')
      const { withDirectWrite } = await import('../../connect/target.ts')
      const config = loadConfig({ dir: opts.dir })
      const contentDir = config.contentDir
      const started = Date.now()
      const summary = await withDirectWrite(config, 'import', () => importTemplate(file, contentDir, {
        force: opts.force === true,
        // The template is read through once (checked whole) before anything is written: seconds at 1M entries.
        onScan: (bytes, total) => { if (total >= 64 << 20 && (bytes % (64 << 20) === 0 || bytes === total)) progress(`reading template ${bytes >> 20}/${total >> 20} MB`) },
        onProgress: (done, total) => { if (total >= 2000) progress(`importing entries ${done}/${total}`) },
        onFlush: () => { if (started < Date.now() - 1000) progress('writing to disk (one flush for every file)...') },
      }))
      const { commitDirectWrite, commitLine } = await import('../../git/direct.ts')
      const committed = commitLine(await commitDirectWrite(config, ['/'], `content: import ${count(summary.entries, 'entry', 'entries')} in ${count(summary.collections, 'collection')} (cms import)`))
      if (committed) process.stderr.write(`${committed}\n`)
      if (opts.json) return printJson({ ...summary, duration_ms: Date.now() - started })
      process.stdout.write(`Imported ${summary.entries} entries (${summary.published} published, ${summary.drafts} drafts) in ${summary.collections} collections into ${summary.content_dir}\n`)
      process.stdout.write(`  project id: ${summary.project}\n`)
      for (const w of summary.warnings.slice(0, 20)) process.stderr.write(`warning: ${w}\n`)
    })
}
