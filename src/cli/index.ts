import { Command } from 'commander'
import { reportError } from './output.ts'
import { registerInit } from './commands/init.ts'
import { registerImport } from './commands/import.ts'
import { registerServe } from './commands/serve.ts'
import { registerEntry } from './commands/entry.ts'
import { registerToken } from './commands/token.ts'
import { registerProject } from './commands/project.ts'
import { registerWebhook } from './commands/webhook.ts'
import { registerSchemaCommands } from './commands/schema.ts'
import { registerReview } from './commands/review.ts'
import { registerAsset } from './commands/asset.ts'
import { registerTypes } from './commands/types.ts'
import { registerOpenApi } from './commands/openapi.ts'
import { registerExport } from './commands/export.ts'
import { registerMcp } from './commands/mcp.ts'
import { registerGit } from './commands/git.ts'
import { packageVersion } from './version.ts'
import { registerEditorUrl } from './commands/editor-url.ts'

/** The `cms` program. Each command module adds itself and imports its heavy parts lazily. */
export function createProgram(): Command {
  const program = new Command('cms')
    .description('A local, git-friendly headless content server (ElmapiCMS-compatible API)')
    .version(packageVersion)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false })
  registerInit(program)
  registerImport(program)
  registerServe(program)
  registerEditorUrl(program)
  registerEntry(program)
  registerProject(program)
  registerToken(program)
  registerWebhook(program)
  registerSchemaCommands(program)
  registerReview(program)
  registerAsset(program)
  registerTypes(program)
  registerOpenApi(program)
  registerExport(program)
  registerMcp(program)
  registerGit(program)
  return program
}

export async function run(argv: string[]): Promise<void> {
  const program = createProgram()
  program.exitOverride()
  try {
    await program.parseAsync(argv)
  } catch (error) {
    const e = error as { code?: string; exitCode?: number }
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) {
      process.exitCode = e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help' ? 0 : 2
      return
    }
    const json = argv.includes('--json')
    process.exitCode = reportError(error, json)
  }
}
