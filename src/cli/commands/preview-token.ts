import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { withApi } from '../../connect/target.ts'
import { CliError } from '../../connect/errors.ts'

interface Opts { dir?: string; json?: boolean; collection?: string; uuid?: string; ttl?: string; revokeAll?: boolean }

/**
 * `cms preview-token`: a short-lived, read-only token a site uses to show drafts
 * (docs/preview.md), through the admin API (`/_admin/api/preview-tokens`) like every command.
 */
export function registerPreviewToken(program: Command): void {
  program
    .command('preview-token')
    .description('issue a read-only preview token that lets a site read drafts (docs/preview.md), or revoke them all')
    .option('--collection <slug>', 'with --uuid: a token for this one entry only')
    .option('--uuid <uuid>', 'with --collection: the entry the token reads')
    .option('--ttl <seconds>', 'lifetime in seconds, 1 to 86400 (default 3600)')
    .option('--revoke-all', 'end every preview token issued so far')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const target = opts.dir ? { dir: opts.dir } : {}
      if (opts.revokeAll) {
        if (opts.collection || opts.uuid || opts.ttl) throw new CliError('--revoke-all takes no --collection, --uuid or --ttl.')
        const result = await withApi(target, (api) => api.request<{ revoked: 'all' }>('DELETE', '/_admin/api/preview-tokens'))
        if (opts.json) printJson(result)
        else process.stdout.write('Revoked every preview token issued so far.\n')
        return
      }
      if (!opts.collection !== !opts.uuid) throw new CliError('--collection and --uuid go together: give both (a token for one entry) or neither (the whole project).')
      if (opts.ttl !== undefined && !/^\d+$/.test(opts.ttl)) throw new CliError(`--ttl must be a whole number of seconds from 1 to 86400, got ${JSON.stringify(opts.ttl)}.`)
      const body = {
        ...(opts.collection ? { collection: opts.collection, uuid: opts.uuid } : {}),
        ...(opts.ttl !== undefined ? { ttl_seconds: Number(opts.ttl) } : {}),
      }
      const issued = await withApi(target, (api) => api.request<{ token: string; expires_at: string }>('POST', '/_admin/api/preview-tokens', { body }))
      if (opts.json) {
        printJson({ token: issued.token, expires_at: issued.expires_at })
        return
      }
      process.stdout.write(`${issued.token}\n`)
      process.stderr.write(`Read-only preview token${opts.uuid ? ` for ${opts.collection}/${opts.uuid}` : ''}, valid until ${issued.expires_at}. Send it as the Cms-Preview header or ?preview= on reads with state=draft.\n`)
    })
}
