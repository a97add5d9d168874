import { Option, type Command } from 'commander'

/**
 * Adds `--url` (the server, on every command), `--token`, `--project` to a command that can
 * talk to a server, and `--no-deliver` to those that change content (`writes`). Where the
 * command's requests then go is connect/target.ts's `withApi`.
 */
export function addTargetOptions(command: Command, options: { writes?: boolean } = {}): Command {
  command
    .addOption(new Option('--url <url>', 'send to a running server at this URL').env('CMS_URL'))
    .addOption(new Option('--token <token>', 'API token for --url').env('CMS_TOKEN'))
    .addOption(new Option('--project <uuid>', 'project id for --url (default: from project.yaml)').env('CMS_PROJECT_ID'))
  if (options.writes !== false) command.addOption(new Option('--no-deliver', 'without a server: queue webhook deliveries for the next `cms serve` instead of sending them before exiting'))
  return command
}
