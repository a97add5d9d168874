import { requireContentRoot } from '../../connect/content-root.ts'
import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'
import type { AppContext } from '../../context.ts'

interface Opts { dir?: string; json?: boolean }

/**
 * `cms token create|list|revoke`: API tokens live in content/tokens.yaml as hashes. These
 * commands always edit the file directly (tokens never travel over HTTP); a running server
 * picks the change up through its watcher.
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
      const { createToken, parseAbilities, parseExpiry } = await import('../../service/tokens/manage.ts')
      const abilities = parseAbilities(opts.abilities)
      const expiresAt = opts.expires ? parseExpiry(opts.expires) : null
      const created = await withStore(opts, true, (ctx) => createToken(ctx.store, { name: opts.name, abilities, expiresAt }))
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
      const { listTokens } = await import('../../service/tokens/manage.ts')
      const tokens = await withStore(opts, false, async (ctx) => listTokens(ctx.store))
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
      const { revokeToken } = await import('../../service/tokens/manage.ts')
      const revoked = await withStore(opts, true, (ctx) => revokeToken(ctx.store, name))
      if (opts.json) printJson({ deleted: revoked.name, message: `Revoked token "${revoked.name}".`, token: revoked })
      else process.stdout.write(`Revoked token "${revoked.name}" (…${revoked.last4}).\n`)
    })
}

/**
 * Opens the store directly (never through a running server: token secrets stay off the wire).
 * A writing command takes the one-writer lock when no server runs; with a server it writes
 * anyway, which is safe because tokens.yaml is changed only under its own file lock, from the
 * file as it is on disk, and servers never write it.
 */
async function withStore<T>(opts: Opts, writes: boolean, fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const { createContext } = await import('../../context.ts')
  const { loadConfig } = await import('../../config.ts')
  const { takeWriterLock } = await import('../../connect/target.ts')
  const config = loadConfig({ ...(opts.dir ? { dir: opts.dir } : {}) })
  await requireContentRoot(config.contentDir)
  const lock = writes ? await takeWriterLock(config) : null
  try {
    const ctx = await createContext({ config, source: 'cli', resume: lock?.ok === true })
    try {
      return await fn(ctx)
    } finally {
      await ctx.close()
    }
  } finally {
    if (lock?.ok) await lock.release()
  }
}

