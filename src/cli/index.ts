import { Command, Help, type Option } from 'commander'
import { exitQuietlyOnClosedOutput, reportError } from './output.ts'
import { EXIT } from '../connect/errors.ts'
import { packageVersion } from '../core/version.ts'
import { modulesFor } from './command-modules.ts'
import { packagePath } from '../core/package-dir.ts'

/**
 * The Markdown docs that help texts name (`see docs/git.md`): shipped in the package (package.json
 * "files"), so the folder printed here exists wherever the command is installed.
 */
const DOCS_DIR = packagePath('docs/')

/**
 * The `cms` program with the commands a command line needs (command-modules.ts): each command
 * module adds itself and imports its heavy parts lazily.
 */
async function createProgram(args: readonly string[]): Promise<Command> {
  const loaders = await Promise.all(modulesFor(args).map((m) => m.load()))
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
  for (const load of loaders) load(program)
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
  const program = await createProgram(argv.slice(2))
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
