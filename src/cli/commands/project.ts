import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError } from '../../connect/errors.ts'
import { reading, withApi } from '../../connect/target.ts'
import type { Answers } from '../../server/http/answers.ts'

/** What `GET /project` answers. */
type ProjectSummary = Answers['ProjectSummary']

interface Opts { dir?: string; json?: boolean }

/**
 * `cms project show|set`: project settings in content/project.yaml, through the API (a
 * running server applies a change at once; without one the app in this process writes it).
 */
export function registerProject(program: Command): void {
  const project = program.command('project').description('show or change project settings (public/private API, name)')

  project
    .command('show')
    .description('print the project id, API mode, locales and counts')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const summary = await withApi(reading(target(opts)), (api) => api.request<ProjectSummary>('GET', '/project'))
      if (opts.json) printJson(summary)
      else printSummary(summary)
    })

  project
    .command('set')
    .description('change settings: --api private makes every route need a token')
    .option('--api <mode>', 'public (anyone with the project id reads) or private (every request needs a token)')
    .option('--name <name>', 'project name')
    .option('--description <text>', 'project description ("" clears it)')
    .option('--signed-url-ttl <seconds>', 'private projects: how long signed file URLs work, in seconds or 30m, 2h, 1d (default 3600)')
    .option('--public-drafts <on|off>', 'on lets anyone read drafts of a public project (the hosted service\'s behaviour); off (default): drafts need a read token')
    .option('--preview-url <template>', 'the site\'s preview address, with {collection} {uuid} {slug} {locale} {token} ("" removes it; docs/preview.md)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts & { api?: string; name?: string; description?: string; publicDrafts?: string; signedUrlTtl?: string; previewUrl?: string }) => {
      if (opts.api === undefined && opts.name === undefined && opts.description === undefined && opts.publicDrafts === undefined && opts.signedUrlTtl === undefined && opts.previewUrl === undefined) {
        throw new CliError('nothing to change: pass --api public|private, --name, --description, --public-drafts on|off, --signed-url-ttl or --preview-url <template>')
      }
      const input = {
        ...(opts.api !== undefined ? { api: opts.api } : {}),
        ...(opts.name !== undefined ? { name: opts.name } : {}),
        ...(opts.description !== undefined ? { description: opts.description } : {}),
        ...(opts.publicDrafts !== undefined ? { public_drafts: parseOnOff(opts.publicDrafts) } : {}),
        ...(opts.signedUrlTtl !== undefined ? { signed_urls: { ttl: opts.signedUrlTtl } } : {}),
        ...(opts.previewUrl !== undefined ? { preview_url: opts.previewUrl } : {}),
      }
      const result = await withApi(target(opts), (api) => api.request<{ project: ProjectSummary; changed: boolean }>('PATCH', '/project', { body: input }))
      if (opts.json) printJson({ ...result.project, changed: result.changed })
      else {
        process.stdout.write(result.changed ? 'Updated project.yaml.\n' : 'Nothing changed.\n')
        printSummary(result.project)
      }
    })
}

/** The content root these commands act on (they take no --url: settings are the local project's). */
const target = (opts: Opts) => (opts.dir ? { dir: opts.dir } : {})

function printSummary(p: ProjectSummary): void {
  process.stdout.write(`${p.name}\n`)
  process.stdout.write(`  project id: ${p.uuid}\n`)
  process.stdout.write(`  api:        ${p.api}${p.api === 'private' ? ' (every request needs a token)' : ' (reads need only the project-id header)'}\n`)
  if (p.public_drafts) process.stdout.write('  drafts:     public (public_drafts: true)\n')
  if (p.api === 'private') process.stdout.write(`  file URLs:  signed, valid ${p.signed_url_ttl} s (signed_urls.ttl)\n`)
  if (p.preview_url) process.stdout.write(`  preview:    ${p.preview_url}\n`)
  process.stdout.write(`  locales:    ${p.locales.join(', ')} (default ${p.default_locale})\n`)
  process.stdout.write(`  content:    ${p.collections} collections, ${p.entries} entries, ${p.tokens} tokens\n`)
}

/** `--public-drafts`: on/off (true/false, yes/no), sent as a boolean (what the API takes). */
function parseOnOff(value: string): boolean {
  const v = value.trim().toLowerCase()
  if (['on', 'true', 'yes'].includes(v)) return true
  if (['off', 'false', 'no'].includes(v)) return false
  throw new CliError(`--public-drafts must be on or off, got ${JSON.stringify(value)}.`)
}
