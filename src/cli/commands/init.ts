import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'

export function registerInit(program: Command): void {
  program
    .command('init [dir]')
    .description('scaffold a new project: project.yaml, an example collection, .cms/ in .gitignore')
    .addOption(dirOption())
    .option('--name <name>', 'project name', 'My Project')
    .option('--locale <code>', 'default locale', 'en')
    .option('-f, --force', 'overwrite an existing project')
    .addOption(jsonOption())
    .action(async (dir: string | undefined, opts: { dir?: string; name: string; locale: string; force?: boolean; json?: boolean }) => {
      const { initProject } = await import('../../connect/direct.ts')
      const { loadConfig } = await import('../../config.ts')
      const { withDirectWrite } = await import('../../connect/target.ts')
      const config = loadConfig({ dir: dir ?? opts.dir })
      const result = await withDirectWrite(config, 'init', () => initProject(config.contentDir, { name: opts.name, locale: opts.locale, force: opts.force === true }))
      const { commitDirectWrite, commitLine } = await import('../../git/direct.ts')
      const committed = commitLine(await commitDirectWrite(config, ['/'], `content: new project "${result.name}" (cms init)`))
      if (committed) process.stderr.write(`${committed}\n`)
      if (opts.json) printJson(result)
      else {
        process.stdout.write(`Created project "${result.name}" in ${result.content_dir}\n`)
        process.stdout.write(`  project id: ${result.uuid}\n  next: cms serve --dir ${result.content_dir}\n`)
      }
    })
}
