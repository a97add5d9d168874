import type { Command } from 'commander'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'

interface Opts extends TargetOptions { json?: boolean }

/**
 * `cms schedule list|run`: scheduled publishing without a server, for a CI cron (docs/scheduling.md).
 * Both go through the API (`GET /_schedule`, `POST /_schedule/run`): a running server applies
 * the changes itself, else the app in this process does, under the one-writer lock.
 */
export function registerSchedule(program: Command): void {
  const schedule = program.command('schedule').description('scheduled publishing: list what is scheduled, apply what is due (docs/scheduling.md)')
  const common = (cmd: Command, writes = true) => addTargetOptions(cmd.addOption(dirOption()).addOption(jsonOption()), { writes })

  common(schedule.command('list').description('scheduled entry changes, soonest first'), false)
    .option('--collection <slug>', 'only this collection')
    .action(async (opts: Opts & { collection?: string }) => {
      const query = opts.collection ? { collection: opts.collection } : undefined
      const body = await withApi(reading(opts), (api) => api.request<{ data: Array<Record<string, string>> }>('GET', '/_schedule', query ? { query } : {}))
      if (opts.json) return printJson(body)
      if (body.data.length === 0) return void process.stdout.write('Nothing is scheduled.\n')
      printTable(['AT (UTC)', 'ACTION', 'COLLECTION', 'UUID', 'LOCALE'], body.data.map((i) => [i.at!, i.action!, i.collection!, i.uuid!, i.locale!]))
    })

  common(schedule.command('run').description('apply the scheduled changes that are due now (running it twice applies them once)'))
    .option('--dry-run', 'only list what would be applied')
    .action(async (opts: Opts & { dryRun?: boolean }) => {
      const body = await withApi(opts, (api) => api.request<{ applied: Array<Record<string, string>>; skipped?: Array<Record<string, string>> }>('POST', '/_schedule/run', { body: { dry_run: opts.dryRun === true } }))
      if (opts.json) return printJson(opts.dryRun ? { applied: body.applied } : body)
      const verb = opts.dryRun ? 'Would apply' : 'Applied'
      if (body.applied.length === 0) process.stdout.write(opts.dryRun ? 'Nothing is due.\n' : 'Nothing was due.\n')
      for (const i of body.applied) process.stdout.write(`${verb}: ${i.action === 'release' ? `release "${i.name}"` : `${i.action} ${i.collection}/${i.uuid} (${i.locale})`}, due ${i.at}\n`)
      for (const i of body.skipped ?? []) process.stdout.write(`Not applied: ${i.action === 'release' ? `release "${i.name}"` : `${i.collection}/${i.uuid}`}: ${i.reason}\n`)
    })
}
