import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'
import { reading, withApi } from '../../connect/target.ts'
import type { Answers } from '../../server/http/answers.ts'

interface Opts { dir?: string; json?: boolean }

type TokenInfo = Answers['Token']

/**
 * `cms token create|list|revoke`: API tokens live in content/tokens.yaml as hashes. Through the
 * admin API like every command (`/_admin/api/tokens`): the server on this content dir, or the
 * app in this process (the secret then never leaves it).
 */
export function registerToken(program: Command): void {
  const token = program.command('token').description('API tokens: create (shown once), list, revoke')

  token
    .command('create')
    .description('create an API token and print it once (only its SHA-256 is stored)')
    .requiredOption('--name <name>', 'unique name, e.g. ci or site-build')
    .requiredOption('--abilities <list>', 'comma list of read,create,update,delete,admin,introspect (or *)')
    .option('--expires <when>', 'expiry: a date (2026-01-31), a date-time, or a duration (30d, 12h)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts & { name: string; abilities: string; expires?: string }) => {
      const body = { name: opts.name, abilities: opts.abilities, ...(opts.expires !== undefined ? { expires: opts.expires } : {}) }
      const created = await withApi(target(opts), (api) => api.request<{ token: string; name: string; abilities: string[]; expires_at: string | null }>('POST', '/_admin/api/tokens', { body }))
      if (opts.json) {
        printJson({ token: created.token, name: created.name, abilities: created.abilities, expires_at: created.expires_at })
        return
      }
      process.stdout.write(`${created.token}\n`)
      process.stderr.write(`Created token "${created.name}" (${created.abilities.join(', ')}${created.expires_at ? `, expires ${created.expires_at}` : ''}).\n`)
      process.stderr.write('Copy it now: it is shown only once. Only its SHA-256 hash is kept, in content/tokens.yaml.\n')
    })

  token
    .command('list')
    .description('list tokens: name, abilities, last 4 characters, dates (never the secret)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const tokens = await withApi(reading(target(opts)), (api) => api.request<TokenInfo[]>('GET', '/_admin/api/tokens'))
      if (opts.json) {
        printJson(tokens)
        return
      }
      if (tokens.length === 0) {
        process.stdout.write('No tokens. Create one with: cms token create --name <name> --abilities read\n')
        return
      }
      const rows = tokens.map((t) => [t.name, t.abilities.join(','), `…${t.last4}`, t.created_at.slice(0, 10), t.expires_at ? `${t.expires_at.slice(0, 10)}${t.expired ? ' (expired)' : ''}` : 'never'])
      printTable(['NAME', 'ABILITIES', 'TOKEN', 'CREATED', 'EXPIRES'], rows)
    })

  token
    .command('revoke <name>')
    .description('delete a token; servers refuse it as soon as they see the change')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (name: string, opts: Opts) => {
      const revoked = await withApi(target(opts), (api) => api.request<TokenInfo>('DELETE', `/_admin/api/tokens/${encodeURIComponent(name)}`))
      if (opts.json) printJson({ deleted: revoked.name, message: `Revoked token "${revoked.name}".`, token: revoked })
      else process.stdout.write(`Revoked token "${revoked.name}" (…${revoked.last4}).\n`)
    })
}

/** These commands act on the local content root (no --url: a token is made where its file is). */
const target = (opts: Opts) => (opts.dir ? { dir: opts.dir } : {})
