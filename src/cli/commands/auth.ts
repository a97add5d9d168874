import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError } from '../../connect/errors.ts'
import { EXIT } from '../../connect/errors.ts'
import type { AdminScope } from '../../end-users/admin.ts'
import { forTerminal as t } from '../../core/terminal.ts'

interface Opts { dir?: string; json?: boolean }

/**
 * `cms auth mail|rotate-key`: the local outbox of project auth (what would have been emailed
 * to end users) and the key that signs their access tokens.
 */
export function registerAuth(program: Command): void {
  const auth = program.command('auth').description('project auth for end users: the local mail outbox, the signing key')

  auth
    .command('mail')
    .description('print the local outbox: verification and password emails (no mail server needed)')
    .option('--to <email>', 'only messages to this address')
    .option('--last <n>', 'only the newest n messages')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts & { to?: string; last?: string }) => {
      const last = opts.last === undefined ? undefined : Number(opts.last)
      if (last !== undefined && (!Number.isInteger(last) || last < 1)) throw new CliError(`--last must be a whole number of 1 or more, got ${JSON.stringify(opts.last)}`)
      const { listMail } = await import('../../end-users/admin.ts')
      const mail = await listMail(await adminScope(opts), { ...(opts.to ? { to: opts.to } : {}), ...(last ? { last } : {}) })
      if (opts.json) return printJson(mail)
      if (mail.length === 0) return void process.stdout.write(`The outbox is empty${opts.to ? ` for ${t(opts.to)}` : ''}.\n`)
      // Addresses and names in a message come from sign-ups: printed escaped, a message cannot forge another.
      for (const m of mail) {
        process.stdout.write(`--- #${m.id} ${t(m.created_at)}\nTo: ${t(m.to)}\nSubject: ${t(m.subject)}\n\n${t(m.text.trimEnd(), { multiline: true })}\n\n`)
      }
    })

  auth
    .command('rotate-key')
    .description('replace the key that signs end users\' access tokens: issued access tokens stop working (refresh tokens still work)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const { withApi } = await import('../../connect/target.ts')
      const key = await withApi(opts.dir ? { dir: opts.dir } : {}, (api) => api.request<{ kid: string; created_at: string }>('POST', '/_admin/api/auth/signing-key'))
      if (opts.json) return printJson({ kid: key.kid, created_at: key.created_at })
      process.stdout.write(`New signing key ${key.kid}: access tokens signed before it are refused; clients get new ones with their refresh token.\n`)
    })
}

/**
 * The content root's state dir and project (for its auth settings), without loading any
 * content: the outbox is read from `.cms/auth.json` (`cms auth mail`; the editor's route
 * answers only the newest 200, newest first).
 */
async function adminScope(opts: { dir?: string }): Promise<AdminScope> {
  const { loadConfig } = await import('../../config.ts')
  const { requireContentRoot } = await import('../../connect/content-root.ts')
  const { readProjectFile } = await import('../../connect/direct.ts')
  const config = loadConfig({ ...(opts.dir ? { dir: opts.dir } : {}) })
  await requireContentRoot(config.contentDir)
  let project
  try {
    project = await readProjectFile(config.contentDir)
  } catch (error) {
    throw new CliError(`cannot read ${config.contentDir}/project.yaml: ${(error as Error).message}`, EXIT.problem)
  }
  return { stateDir: config.stateDir, project }
}
