import { fileURLToPath } from 'node:url'
import { Command, Help, type Option } from 'commander'
import { exitQuietlyOnClosedOutput, reportError } from './output.ts'
import { EXIT } from '../connect/errors.ts'
import { registerInit } from './commands/init.ts'
import { registerImport } from './commands/import.ts'
import { registerServe } from './commands/serve.ts'
import { registerEntry } from './commands/entry.ts'
import { registerToken } from './commands/token.ts'
import { registerPreviewToken } from './commands/preview-token.ts'
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
import { registerSchedule } from './commands/schedule.ts'
import { registerRelease } from './commands/release.ts'
import { registerEntryReview } from './commands/entry-review.ts'
import { packageVersion } from '../core/version.ts'
import { registerEditorUrl } from './commands/editor-url.ts'
import { registerUser } from './commands/user.ts'
import { registerAuth } from './commands/auth.ts'

/**
 * The Markdown docs that help texts name (`see docs/git.md`): shipped in the package (package.json
 * "files"), so the folder printed here exists wherever the command is installed.
 */
const DOCS_DIR = fileURLToPath(new URL('../../docs/', import.meta.url))

/** The `cms` program. Each command module adds itself and imports its heavy parts lazily. */
function createProgram(): Command {
  const program = new Command('cms')
    .description('A local, git-friendly headless content server (ElmapiCMS-compatible API)')
    .version(packageVersion)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({
      sortSubcommands: false,
      // Required options say so in --help.
      optionDescription(option: Option) {
        const text = Help.prototype.optionDescription.call(this, option)
        return option.mandatory ? `${text} (required)` : text
      },
    })
  registerInit(program)
  registerImport(program)
  registerServe(program)
  registerEditorUrl(program)
  registerEntry(program)
  registerProject(program)
  registerToken(program)
  registerPreviewToken(program)
  registerUser(program)
  registerAuth(program)
  registerWebhook(program)
  registerSchedule(program)
  registerRelease(program)
  registerEntryReview(program)
  registerSchemaCommands(program)
  registerReview(program)
  registerAsset(program)
  registerTypes(program)
  registerOpenApi(program)
  registerExport(program)
  registerMcp(program)
  registerGit(program)
  // The root's help, and every help that names a docs/*.md file, says where that folder is.
  // Decided when help is shown, so a command that runs formats no help.
  forEachCommand(program, (cmd) => {
    cmd.addHelpText('after', () => (cmd === program || /docs\/\w[\w-]*\.md/.test(cmd.helpInformation()) ? `\nDocs (the docs/*.md named in help, shipped in this package): ${DOCS_DIR}` : ''))
  })
  return program
}

/** Help and version are answers, not errors. */
const ANSWERS = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help'])

export async function run(argv: string[]): Promise<void> {
  exitQuietlyOnClosedOutput()
  const program = createProgram()
  const json = argv.includes('--json')
  forEachCommand(program, (cmd) => {
    // Every command (not only the root) throws instead of exiting, so exit codes are ours.
    cmd.exitOverride()
    // With --json, usage errors are printed once, as JSON, by the catch below.
    if (json) cmd.configureOutput({ outputError: () => {} })
    reportAllMissingOptions(cmd)
  })
  try {
    await program.parseAsync(argv)
  } catch (error) {
    const e = error as { code?: string; message?: string }
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) {
      if (ANSWERS.has(e.code)) {
        process.exitCode = EXIT.ok
        return
      }
      // A usage error (unknown command or option, missing argument, bad value): could not run.
      if (json) process.stdout.write(`${JSON.stringify({ error: { message: (e.message ?? '').replace(/^error: /, '').replace(/\s*\n\s*/g, ' '), usage: true } }, null, 2)}\n`)
      process.exitCode = EXIT.cannotRun
      return
    }
    process.exitCode = reportError(error, json)
  }
}

function forEachCommand(cmd: Command, fn: (cmd: Command) => void): void {
  fn(cmd)
  for (const sub of cmd.commands) forEachCommand(sub, fn)
}

/** Commander stops at the first missing required option; name them all in one message. */
function reportAllMissingOptions(cmd: Command): void {
  const internals = cmd as unknown as { _checkForMissingMandatoryOptions(): void; _getCommandAndAncestors(): Command[] }
  internals._checkForMissingMandatoryOptions = function check(this: Command) {
    const missing: string[] = []
    for (const c of internals._getCommandAndAncestors.call(this)) {
      for (const option of c.options) if (option.mandatory && c.getOptionValue(option.attributeName()) === undefined) missing.push(`'${option.flags}'`)
    }
    if (missing.length === 0) return
    this.error(`error: required option${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not specified`, { code: 'commander.missingMandatoryOptionValue', exitCode: EXIT.cannotRun })
  }
}
