import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import { reading, withApi } from '../../connect/target.ts'
import { forTerminal as t } from '../../core/terminal.ts'
import type { Answers } from '../../server/http/answers.ts'

interface Opts { dir?: string; json?: boolean }

type UserView = Answers['EndUserSummary']
type UserDetail = Answers['EndUserDetail']

/** The admin API's end-user routes; `ref` is an email or uuid. */
const users = (ref?: string, action?: string) => `/_admin/api/users${ref !== undefined ? `/${encodeURIComponent(ref)}` : ''}${action ? `/${action}` : ''}`

/**
 * `cms user list|show|create|suspend|unsuspend|delete`: the project's end users (project auth),
 * kept in .cms/auth.json, through the admin API (`/_admin/api/users`) like every command.
 */
export function registerUser(program: Command): void {
  const user = program.command('user').description('end users of project auth (sign-up/sign-in of a site): list, create, suspend, delete')

  user
    .command('list')
    .description('list end users: email, uuid, verified, status (never a password or token)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const list = await withApi(reading(target(opts)), (api) => api.request<UserView[]>('GET', users()))
      if (opts.json) return printJson(list)
      if (list.length === 0) return void process.stdout.write('No end users yet. They sign up through POST /auth/signup, or: cms user create --email <email> --password-stdin\n')
      printTable(['EMAIL', 'UUID', 'VERIFIED', 'STATUS', 'SESSIONS', 'KEYS', 'CREATED'], list.map((u) => [
        u.email, u.uuid, u.email_verified_at ? 'yes' : 'no', u.status, String(u.sessions), String(u.api_keys), u.created_at.slice(0, 10),
      ]))
    })

  user
    .command('show <email-or-uuid>')
    .description('one end user with their API keys (prefixes only)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (ref: string, opts: Opts) => {
      const u = await withApi(reading(target(opts)), (api) => api.request<UserDetail>('GET', users(ref)))
      if (opts.json) return printJson(u)
      const lines = [
        ['email', u.email], ['uuid', u.uuid], ['id', String(u.id)], ['display name', u.display_name ?? '-'],
        ['verified', u.email_verified_at ?? 'no'], ['status', u.status], ['sessions', String(u.sessions)], ['created', u.created_at],
      ]
      for (const [k, v] of lines) process.stdout.write(`${`${k}:`.padEnd(14)}${t(v!)}\n`)
      if (u.keys.length > 0) {
        process.stdout.write('API keys:\n')
        for (const k of u.keys) process.stdout.write(`  ${k.id}  uak_${k.key_prefix}_…  ${t(k.name)}${k.revoked_at ? ' (revoked)' : k.expires_at ? ` (expires ${k.expires_at})` : ''}\n`)
      }
    })

  user
    .command('create')
    .description('create an end user (a verification email goes to the outbox when the project requires one, unless --verified)')
    .requiredOption('--email <email>', 'their email address')
    .option('--password <password>', 'their password (visible to other local users in the process list: prefer --password-stdin)')
    .option('--password-stdin', 'read the password from the first line of stdin')
    .option('--display-name <name>', 'display name')
    .option('--verified', 'mark the email address as already confirmed')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts & { email: string; password?: string; passwordStdin?: boolean; displayName?: string; verified?: boolean }) => {
      const password = opts.passwordStdin ? await firstLineOfStdin() : opts.password
      if (password === undefined) throw new CliError('a password is needed: pass --password-stdin (and the password on stdin) or --password <password>', EXIT.cannotRun)
      const body = { email: opts.email, password, ...(opts.displayName !== undefined ? { display_name: opts.displayName } : {}), verified: opts.verified === true }
      const u = await withApi(target(opts), (api) => api.request<UserView>('POST', users(), { body }))
      if (opts.json) return printJson(u)
      process.stdout.write(`Created end user ${t(u.email)} (${u.uuid})${u.email_verified_at ? '' : '; the verification email is in the outbox: cms auth mail'}.\n`)
    })

  for (const [name, suspended, what] of [['suspend', true, 'suspend an end user: their sign-ins end, sign-in is refused and their API keys introspect as inactive'], ['unsuspend', false, 'lift a suspension']] as const) {
    user
      .command(`${name} <email-or-uuid>`)
      .description(what)
      .addOption(dirOption())
      .addOption(jsonOption())
      .action(async (ref: string, opts: Opts) => {
        const u = await withApi(target(opts), (api) => api.request<UserView>('POST', users(ref, name)))
        if (opts.json) return printJson(u)
        process.stdout.write(`${suspended ? 'Suspended' : 'Unsuspended'} ${t(u.email)}.\n`)
      })
  }

  user
    .command('delete <email-or-uuid>')
    .description('delete an end user with their sign-ins and API keys')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (ref: string, opts: Opts) => {
      const u = await withApi(target(opts), (api) => api.request<UserView>('DELETE', users(ref)))
      if (opts.json) return printJson({ deleted: u.uuid, user: u })
      process.stdout.write(`Deleted end user ${t(u.email)} (${u.uuid}).\n`)
    })
}

/** These commands act on the local content root (no --url). */
const target = (opts: { dir?: string }) => (opts.dir ? { dir: opts.dir } : {})

async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0] ?? ''
}

function printTable(head: string[], cells: string[][]): void {
  const rows = cells.map((r) => r.map((c) => t(c)))
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  for (const row of [head, ...rows]) process.stdout.write(`${row.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()}\n`)
}
