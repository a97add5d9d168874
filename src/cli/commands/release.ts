import type { Command } from 'commander'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'
import type { Answers } from '../../server/http/answers.ts'

interface Opts extends TargetOptions { json?: boolean }
type Release = Answers['Release']

/** `cms release create|add|publish|list|show`: entries that go live together (docs/scheduling.md). */
export function registerRelease(program: Command): void {
  const release = program.command('release').description('releases: a set of entry publishes and unpublishes that go live together (docs/scheduling.md)')
  const common = (cmd: Command, writes = true) => addTargetOptions(cmd.addOption(dirOption()).addOption(jsonOption()), { writes })
  const say = (r: Release, opts: Opts, line: string) => (opts.json ? printJson(r) : void process.stdout.write(`${line}\n`))

  common(release.command('create <name>').description('create a release')
    .option('--publish-at <time>', 'go live at this time (ISO 8601 with an offset, e.g. 2030-05-04T09:00:00+02:00)'))
    .action(async (name: string, opts: Opts & { publishAt?: string }) => {
      const r = await withApi(opts, (api) => api.request<Release>('POST', '/_releases', { body: { name, ...(opts.publishAt ? { publish_at: opts.publishAt } : {}) } }))
      say(r, opts, `Created release ${r.id} "${r.name}"${r.publish_at ? `, going live at ${r.publish_at}` : ''}`)
    })

  common(release.command('add <release> <collection> <uuid>').description('add an entry to a release (its draft goes live with it)')
    .option('--unpublish', 'take the entry offline with the release instead'))
    .action(async (id: string, collection: string, uuid: string, opts: Opts & { unpublish?: boolean }) => {
      const r = await withApi(opts, (api) => api.request<Release>('POST', `/_releases/${encodeURIComponent(id)}/items`, { body: { collection, uuid, action: opts.unpublish ? 'unpublish' : 'publish' } }))
      say(r, opts, `Release "${r.name}" now has ${r.items.length} entr${r.items.length === 1 ? 'y' : 'ies'}`)
    })

  common(release.command('publish <release>').description('publish a release now: all its entries go live together'))
    .action(async (id: string, opts: Opts) => {
      const r = await withApi(opts, (api) => api.request<Release>('POST', `/_releases/${encodeURIComponent(id)}/publish`))
      say(r, opts, `Release "${r.name}" is live (${r.items.length} entr${r.items.length === 1 ? 'y' : 'ies'})`)
    })

  common(release.command('list').description('releases, those going live soonest first'), false)
    .action(async (opts: Opts) => {
      const body = await withApi(reading(opts), (api) => api.request<{ data: Release[] }>('GET', '/_releases'))
      if (opts.json) return printJson(body)
      if (body.data.length === 0) return void process.stdout.write('No releases. Create one with: cms release create "Spring launch"\n')
      printTable(['ID', 'NAME', 'STATE', 'PUBLISH AT', 'ENTRIES'], body.data.map((r) => [r.id, r.name, r.state, r.publish_at ?? '', String(r.items.length)]))
    })

  common(release.command('show <release>').description('a release and what will change'), false)
    .action(async (id: string, opts: Opts) => {
      const r = await withApi(reading(opts), (api) => api.request<Answers['ReleaseDetail']>('GET', `/_releases/${encodeURIComponent(id)}`))
      if (opts.json) return printJson(r)
      process.stdout.write(`${r.name} (${r.state}${r.publish_at ? `, ${r.publish_at}` : ''})\n`)
      for (const i of r.items) process.stdout.write(`  ${i.action} ${i.collection}/${i.uuid}${i.title ? ` "${i.title}"` : ''}\n`)
    })
}
