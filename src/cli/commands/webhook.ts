import type { Command } from 'commander'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'

interface Opts extends TargetOptions { json?: boolean }
interface EditOpts extends Opts {
  name?: string
  targetUrl?: string
  events?: string
  sources?: string
  collections?: string
  description?: string
  secret?: string
  generateSecret?: boolean
  clearSecret?: boolean
  payload?: boolean
  disabled?: boolean
  enabled?: boolean
}

/** `cms webhook add|list|show|update|remove|logs|test|redeliver`, over a server or the files directly. */
export function registerWebhook(program: Command): void {
  const webhook = program.command('webhook').description('webhooks: signed deliveries of content events, with retries and logs')
  const common = (cmd: Command, writes = true) => addTargetOptions(cmd.addOption(dirOption()).addOption(jsonOption()), { writes })
  // The receiver is --target-url, so --url means the server here as on every command.
  const editing = (cmd: Command) => addTargetOptions(cmd.addOption(dirOption()).addOption(jsonOption()))

  editing(webhook.command('add')
    .description('create a webhook')
    .requiredOption('--name <name>', 'a name for people')
    .requiredOption('--target-url <url>', 'receiver URL (https, or http and localhost when the server listens on loopback only)')
    .requiredOption('--events <list>', 'comma list, e.g. content.published,content.deleted')
    .requiredOption('--sources <list>', 'comma list of api,cli,file,schedule (cms = cli)')
    .option('--collections <list>', 'comma list of collection slugs or uuids (default: all)')
    .option('--description <text>', 'what the receiver does')
    .option('--secret <secret>', 'signing secret (a whsec_ secret or any string of 6+ characters)')
    .option('--generate-secret', 'generate a whsec_ secret and print it once')
    .option('--no-payload', 'leave content_entry out of the body')
    .option('--disabled', 'create it switched off'))
    .action(async (opts: EditOpts) => {
      const { generateSecret } = await import('../../webhooks/sign.ts')
      if (opts.secret && opts.generateSecret) throw new CliError('Pass --secret or --generate-secret, not both.', EXIT.problem)
      const secret = opts.generateSecret ? generateSecret() : opts.secret
      const body = { ...toBody(opts), ...(secret ? { secret } : {}) }
      const created = await withApi(target(opts), (api) => api.request<Record<string, unknown>>('POST', '/webhooks', { body }))
      if (opts.json) return printJson(opts.generateSecret ? { ...created, secret } : created)
      process.stdout.write(`Created webhook ${String(created.uuid)} "${String(created.name)}" -> ${String(created.url)}\n`)
      if (opts.generateSecret) {
        process.stdout.write(`${secret}\n`)
        process.stderr.write('Copy the secret now: it is shown only once (kept in .cms/secrets.json, never in content/).\n')
      }
    })

  common(webhook.command('list').description('list webhooks (never their secrets)'), false)
    .action(async (opts: Opts) => {
      const list = await withApi(reading(opts), (api) => api.request<Array<Record<string, unknown>>>('GET', '/webhooks'))
      if (opts.json) return printJson(list)
      if (list.length === 0) return void process.stdout.write('No webhooks. Add one with: cms webhook add --name site --target-url https://... --events content.published --sources api,cli,file\n')
      printTable(['UUID', 'NAME', 'STATUS', 'URL', 'EVENTS'], list.map((w) => [
        String(w.uuid), String(w.name), w.status ? 'enabled' : 'disabled', String(w.url), (w.events as string[]).join(','),
      ]))
    })

  common(webhook.command('show <uuid>').description('one webhook'), false)
    .action(async (uuid: string, opts: Opts) => {
      const w = await withApi(reading(opts), (api) => api.request<Record<string, unknown>>('GET', `/webhooks/${encodeURIComponent(uuid)}`))
      if (opts.json) return printJson(w)
      printRecord(w)
    })

  editing(webhook.command('update <uuid>')
    .description('change a webhook; options left out keep their value (the secret too)')
    .option('--name <name>').option('--target-url <url>', 'receiver URL').option('--events <list>').option('--sources <list>')
    .option('--collections <list>', 'comma list; an empty string means all collections')
    .option('--description <text>')
    .option('--secret <secret>', 'a new signing secret')
    .option('--generate-secret', 'generate a new whsec_ secret and print it once')
    .option('--clear-secret', 'remove the secret (deliveries are then unsigned)')
    .option('--payload', 'include content_entry').option('--no-payload', 'leave content_entry out')
    .option('--enabled', 'switch it on').option('--disabled', 'switch it off'))
    .action(async (uuid: string, opts: EditOpts) => {
      const { generateSecret } = await import('../../webhooks/sign.ts')
      if ([opts.secret, opts.generateSecret, opts.clearSecret].filter(Boolean).length > 1) throw new CliError('Pass only one of --secret, --generate-secret, --clear-secret.', EXIT.problem)
      if (opts.enabled && opts.disabled) throw new CliError('Pass --enabled or --disabled, not both.', EXIT.problem)
      const secret = opts.generateSecret ? generateSecret() : opts.secret
      const body: Record<string, unknown> = { ...toBody(opts), ...(secret ? { secret } : {}), ...(opts.clearSecret ? { secret: null } : {}) }
      const w = await withApi(target(opts), (api) => api.request<Record<string, unknown>>('PUT', `/webhooks/${encodeURIComponent(uuid)}`, { body }))
      if (opts.json) return printJson(opts.generateSecret ? { ...w, secret } : w)
      process.stdout.write(`Updated webhook ${String(w.uuid)} "${String(w.name)}".\n`)
      if (opts.generateSecret) {
        process.stdout.write(`${secret}\n`)
        process.stderr.write('Copy the secret now: it is shown only once.\n')
      }
    })

  common(webhook.command('remove <uuid>').description('delete a webhook, its secret and its logs'))
    .action(async (uuid: string, opts: Opts) => {
      await withApi(opts, (api) => api.request('DELETE', `/webhooks/${encodeURIComponent(uuid)}`))
      if (opts.json) printJson({ deleted: uuid, message: `Removed webhook ${uuid}.` })
      else process.stdout.write(`Removed webhook ${uuid}.\n`)
    })

  common(webhook.command('logs <uuid>')
    .description('delivery attempts, newest first')
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', 'attempts per page (max 100)', '25'), false)
    .action(async (uuid: string, opts: Opts & { page: string; perPage: string }) => {
      const query = { paginate: opts.perPage, page: opts.page }
      const page = await withApi(reading(opts), (api) => api.request<Record<string, unknown>>('GET', `/webhooks/${encodeURIComponent(uuid)}/logs`, { query }))
      const data = page.data as Array<Record<string, unknown>>
      const meta = page.meta as Record<string, unknown>
      if (opts.json) return printJson({ data, meta: { current_page: meta.current_page, last_page: meta.last_page, per_page: meta.per_page, total: meta.total } })
      if (data.length === 0) return void process.stdout.write('No delivery attempts yet.\n')
      printTable(['WHEN', 'EVENT', 'STATUS', 'TRY', 'MS', 'DELIVERY', 'NOTE'], data.map((r) => [
        String(r.created_at), String(r.action), String(r.status), String(r.attempt), String(r.duration_ms), String(r.delivery_id),
        r.error ? String(r.error) : r.next_attempt_at ? `retry at ${String(r.next_attempt_at)}` : '',
      ]))
      process.stdout.write(`page ${String(meta.current_page)} of ${String(meta.last_page)} (${String(meta.total)} attempts)\n`)
    })

  common(webhook.command('test <uuid>').description('send a signed test ping now and print the receiver\'s answer'), false)
    .action(async (uuid: string, opts: Opts) => {
      const r = await withApi(opts, (api) => api.request<Record<string, unknown>>('POST', `/webhooks/${encodeURIComponent(uuid)}/test`))
      if (opts.json) printJson(r)
      else {
        const response = r.response as { status: number; body: string } | null
        process.stdout.write(response
          ? `Receiver answered ${response.status} in ${String(r.duration_ms)} ms${r.signed ? ' (signed)' : ' (unsigned: no secret)'}.\n${response.body ? `${response.body}\n` : ''}`
          : `No answer: ${String(r.error)}\n`)
      }
      if (!r.ok) process.exitCode = EXIT.problem
    })

  common(webhook.command('redeliver <delivery_id>').description('send a logged delivery again (under a new delivery_id)'))
    .action(async (deliveryId: string, opts: Opts) => {
      const r = await withApi(opts, (api) => api.request<Record<string, unknown>>('POST', `/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`))
      if (opts.json) printJson(r)
      else process.stdout.write(`Queued ${String(r.event)} again as delivery ${String(r.delivery_id)} (redelivery of ${deliveryId}).\n`)
    })
}

/** Where add/update send their work. */
function target(opts: EditOpts): TargetOptions {
  return {
    ...(opts.dir ? { dir: opts.dir } : {}), ...(opts.url ? { url: opts.url } : {}),
    ...(opts.token ? { token: opts.token } : {}), ...(opts.project ? { project: opts.project } : {}),
    ...(opts.deliver === false ? { deliver: false } : {}),
  }
}

/** The API body for the options given (only those given, so `update` keeps the rest). */
function toBody(opts: EditOpts): Record<string, unknown> {
  const list = (s: string) => s.split(',').map((x) => x.trim()).filter(Boolean)
  const body: Record<string, unknown> = {}
  if (opts.name !== undefined) body.name = opts.name
  if (opts.targetUrl !== undefined) body.url = opts.targetUrl
  if (opts.events !== undefined) body.events = list(opts.events)
  if (opts.sources !== undefined) body.sources = list(opts.sources)
  if (opts.collections !== undefined) body.collection_ids = list(opts.collections)
  if (opts.description !== undefined) body.description = opts.description
  if (opts.payload !== undefined) body.payload = opts.payload
  if (opts.disabled) body.status = false
  if (opts.enabled) body.status = true
  return body
}

function printRecord(w: Record<string, unknown>): void {
  const collections = (w.collections as Array<{ slug: string | null; uuid: string }>).map((c) => c.slug ?? c.uuid)
  const rows: Array<[string, string]> = [
    ['uuid', String(w.uuid)], ['name', String(w.name)], ['description', String(w.description ?? '')], ['url', String(w.url)],
    ['status', w.status ? 'enabled' : 'disabled'], ['events', (w.events as string[]).join(', ')], ['sources', (w.sources as string[]).join(', ')],
    ['collections', collections.length ? collections.join(', ') : 'all'], ['payload', w.payload ? 'yes' : 'no'],
    ['signed', w.has_secret ? 'yes' : 'no'], ['created', String(w.created_at)], ['updated', String(w.updated_at)],
  ]
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(12)} ${v}\n`)
}

