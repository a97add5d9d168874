import type { Command } from 'commander'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'

interface Opts extends TargetOptions { json?: boolean; note?: string }
const STATES = ['draft', 'in_review', 'approved']

/**
 * `cms entry review <collection> <uuid> [state]`: the review workflow (docs/scheduling.md).
 * With a state, moves the entry (`POST /{collection}/{uuid}/review`); without, shows its history.
 * Added to `cms entry` (registered after it).
 */
export function registerEntryReview(program: Command): void {
  const entry = program.commands.find((c) => c.name() === 'entry')
  if (!entry) return
  addTargetOptions(entry.command('review <collection> <uuid> [state]')
    .description('review before publishing: move an entry to draft, in_review or approved (approved needs admin), or show who moved it when')
    .option('--note <text>', 'a note kept with the move')
    .addOption(dirOption()).addOption(jsonOption()))
    .action(async (collection: string, uuid: string, state: string | undefined, opts: Opts) => {
      const path = `/${encodeURIComponent(collection)}/${encodeURIComponent(uuid)}/review`
      if (state === undefined) {
        const body = await withApi(reading(opts), (api) => api.request<{ data: { state: string; history: Array<{ state: string; by: string | null; at: string; note?: string | null }> } }>('GET', path))
        if (opts.json) return printJson(body)
        process.stdout.write(`Review state: ${body.data.state}\n`)
        for (const h of body.data.history) process.stdout.write(`  ${h.at}  ${h.state.padEnd(9)}  ${h.by ?? 'local user'}${h.note ? `  "${h.note}"` : ''}\n`)
        return
      }
      if (!STATES.includes(state)) throw new CliError(`Unknown review state "${state}": use draft, in_review or approved.`, EXIT.problem)
      const body = await withApi(opts, (api) => api.request<{ data: { review?: { state: string } } }>('POST', path, { body: { state, ...(opts.note ? { note: opts.note } : {}) } }))
      if (opts.json) return printJson(body)
      process.stdout.write(`The entry is now ${body.data.review?.state ?? state}.\n`)
    })
}
