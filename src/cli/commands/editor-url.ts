import { spawn } from 'node:child_process'
import type { Command } from 'commander'
import { ofetch } from 'ofetch'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'

interface Opts { dir?: string; json?: boolean; open?: boolean; revokeAll?: boolean; next?: string }

/**
 * `cms editor-url`: a fresh one-time sign-in link for the editor of the server running on
 * this content dir (asked of that server with its local admin token, from `.cms/server.json`).
 */
export function registerEditorUrl(program: Command): void {
  program
    .command('editor-url')
    .description('print a one-time sign-in link (valid 10 minutes) for the browser editor of the server running on this content dir')
    .addOption(dirOption())
    .addOption(jsonOption())
    .option('--next <path>', 'the editor screen the link leads to once signed in, e.g. /c/articles or /changes')
    .option('--open', 'open the link in the default browser')
    .option('--revoke-all', 'sign every editor out: end all sessions and unused links')
    .action(async (opts: Opts) => {
      const { loadConfig } = await import('../../config.ts')
      const { runningServer } = await import('../../connect/direct.ts')
      const config = loadConfig({ dir: opts.dir })
      const { editorPath, withNext } = await import('../../sessions/editor-path.ts')
      if (opts.next !== undefined && editorPath(opts.next) === null) {
        throw new CliError(`--next must be a path inside the editor that starts with /, such as /c/articles; got ${JSON.stringify(opts.next)}.`, EXIT.cannotRun)
      }
      const server = await runningServer(config.stateDir)
      const base = server?.url && server.token ? reachable(server.url) : null

      if (opts.revokeAll) {
        let revoked: number
        if (base && server?.token) {
          revoked = (await call<{ revoked: number }>(base, 'DELETE', '/_admin/api/sessions', server.token)).revoked
        } else {
          // No server: the sessions file is all there is to clear.
          const { readSessionFile, writeSessionFile } = await import('../../sessions/session-store.ts')
          revoked = readSessionFile(config.stateDir).sessions.length
          if (revoked > 0) await writeSessionFile(config.stateDir, { sessions: [] })
        }
        if (opts.json) printJson({ revoked })
        else process.stdout.write(`Ended ${revoked} editor session${revoked === 1 ? '' : 's'}; every sign-in link made before now is void.\n`)
        return
      }

      if (!base || !server?.token) {
        throw new CliError(`No cms server is running on ${config.contentDir}. Start one with \`cms serve\` (it prints a sign-in link), then run this again.`, EXIT.cannotRun)
      }
      const url = withNext((await call<{ url: string }>(base, 'POST', '/_admin/api/links', server.token)).url, opts.next)
      if (opts.json) printJson({ url })
      else process.stdout.write(`${url}\n`)
      if (opts.open) openBrowser(url)
    })
}

/** A wildcard listen address is not somewhere a browser can go: use loopback. */
function reachable(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')
}

async function call<T>(base: string, method: string, path: string, token: string): Promise<T> {
  try {
    return await ofetch<T>(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, retry: 0, timeout: 10_000 })
  } catch (error) {
    const e = error as { data?: { message?: string }; message?: string }
    if (e.data?.message) throw new CliError(`The server at ${base} refused: ${e.data.message}`, EXIT.cannotRun)
    throw new CliError(`Cannot reach the cms server at ${base}: ${e.message ?? String(error)}`, EXIT.cannotRun)
  }
}

function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]]
    : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]]
      : ['xdg-open', [url]]
  const warn = (why: string) => process.stderr.write(`warning: could not open a browser (${why}); open the link above yourself.\n`)
  try {
    const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true })
    child.on('error', (error) => warn(error.message))
    child.unref()
  } catch (error) {
    warn((error as Error).message)
  }
}
