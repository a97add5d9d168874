import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Option, type Command } from 'commander'
import { dirOption } from '../options.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import { addTargetOptions } from '../target.ts'
import type { TargetOptions } from '../../connect/target.ts'

/**
 * `cms mcp`: an MCP server over stdio for AI agents (Claude Code, Cursor, ...). Every tool goes
 * where the other CLI commands go: the running server, the `--url` server, or the files.
 */
export function registerMcp(program: Command): void {
  addTargetOptions(program
    .command('mcp')
    .description('serve the content to AI agents as an MCP server over stdio (see docs/mcp.md)')
    .addOption(dirOption())
    .addOption(new Option('--read-only', 'offer only the reading tools (no create, update, publish, delete, upload)')))
    .action(async (opts: TargetOptions & { readOnly?: boolean }) => {
      const { loadConfig } = await import('../../config.ts')
      const { runMcpStdio } = await import('../../mcp/server.ts')
      const { readOnly, ...rest } = opts
      const targetOptions: TargetOptions = { ...rest }
      const remote = Boolean(rest.url)
      const contentDir = remote ? null : loadConfig({ dir: rest.dir }).contentDir
      // An MCP client shows only stderr and the exit: say plainly when --dir points nowhere.
      if (contentDir && !existsSync(join(contentDir, 'project.yaml'))) {
        throw new CliError(`No cms project at ${contentDir} (no project.yaml): pass --dir <content root>, run \`cms init\`, or use --url for a remote server.`, EXIT.cannotRun)
      }
      await runMcpStdio(targetOptions, contentDir, readOnly === true)
    })
}
