import { InvalidArgumentError, Option, type Command } from 'commander'
import { dirOption, jsonOption, parsePort } from '../options.ts'
import { count, progress } from '../output.ts'
import { createRequestLog, type LogFormat } from '../request-log.ts'

interface ServeOptions { dir?: string; port: number; host: string; readOnly?: boolean; follow?: string; followInterval: number; followEvents?: string; gitCommit?: boolean; json?: boolean; log?: LogFormat; quiet?: boolean; types?: string }

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the content API over HTTP (loopback by default), watching content/ for changes')
    .addOption(dirOption())
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 4000)
    .option('-H, --host <host>', 'interface to listen on', '127.0.0.1')
    .option('--read-only', 'refuse every write; no lock, so replicas can share a tree')
    .option('--follow <remote[/branch]>', 'with --read-only: keep this clone at a git remote\'s branch (fetch and fast-forward); see docs/deploy.md')
    .option('--follow-events <writer-url>', 'with --follow: sync as soon as the writer\'s change stream (GET /_events) tells of a change; a read token for a private project in CMS_REPLICA_EVENTS_TOKEN (docs/preview.md)')
    .option('--follow-interval <seconds>', 'with --follow: seconds between fetches (0 = only on POST /_replica/sync)', parseInterval, 10)
    .option('--git-commit', 'commit every write to git (same as CMS_GIT_COMMIT=1); see docs/git.md')
    .option('--types <file>', 'write TypeScript types for the collections to FILE, again whenever a schema changes')
    .addOption(new Option('--log <format>', 'request log format: one line per request').choices(['text', 'json']))
    .option('-q, --quiet', 'no request log (rate-limited requests are still reported on stderr)')
    .addOption(jsonOption())
    .action(async (opts: ServeOptions, command: Command) => {
      if (opts.followEvents !== undefined && opts.follow === undefined) command.error('error: --follow-events needs --follow (it tells a replica when to sync)', { exitCode: 2, code: 'commander.conflictingOption' })
      if (opts.follow !== undefined && !opts.readOnly) command.error('error: --follow needs --read-only (a replica serves what the remote has and writes nothing)', { exitCode: 2, code: 'commander.conflictingOption' })
      const { runServer } = await import('../../server/lifecycle/run.ts')
      const { respawnParent } = await import('../serve-flags.ts')
      const parent = respawnParent()
      const { describeRateLimit } = await import('../../config.ts')
      // Through the environment, so a SIGHUP reload of the settings keeps it.
      if (opts.gitCommit) process.env.CMS_GIT_COMMIT = '1'
      const { signInLink } = await import('../../server/admin/session-routes.ts')
      const format: LogFormat = opts.log ?? (opts.json ? 'json' : 'text')
      // Requests may be answered before runServer resolves: the log reads the config through `current`.
      let current: { ctx: { config: import('../../config.ts').ResolvedConfig } } | undefined
      const log = createRequestLog({ format, quiet: opts.quiet === true, config: () => current?.ctx.config })
      const server = current = await runServer({
        ...(opts.dir ? { dir: opts.dir } : {}), port: opts.port, host: opts.host, readOnly: opts.readOnly === true, ...(parent ? { parent } : {}),
        onProgress: ({ loaded, total }) => { if (total >= 5000) progress(`loading entries ${loaded}/${total}`) },
        onWarning: (m) => process.stderr.write(`warning: ${m}\n`),
        onResponse: log,
        ...(opts.follow !== undefined ? { follow: { spec: opts.follow, intervalMs: Math.round(opts.followInterval * 1000), log: (line: string) => process.stderr.write(`${line}\n`), ...(opts.followEvents ? { events: { url: opts.followEvents, ...(process.env.CMS_REPLICA_EVENTS_TOKEN ? { token: process.env.CMS_REPLICA_EVENTS_TOKEN } : {}) } } : {}) } } : {}),
      })
      if (opts.types) {
        const { keepTypesFresh } = await import('../../codegen/keep-fresh.ts')
        const { resolve } = await import('node:path')
        server.ctx.disposers.push(keepTypesFresh(server.ctx.store, resolve(opts.types), (m) => process.stderr.write(`${m}\n`)))
      }
      // Signal handlers first: a script may send SIGTERM as soon as it reads the URL.
      const shutdown = (signal: string) => {
        process.stderr.write(`\n${signal}: finishing in-flight writes...\n`)
        server.stop().then(() => process.exit(0), (error) => {
          process.stderr.write(`error while stopping: ${(error as Error).message}\n`)
          process.exit(1)
        })
      }
      process.once('SIGINT', () => shutdown('SIGINT'))
      process.once('SIGTERM', () => shutdown('SIGTERM'))
      const { store, config } = server.ctx
      const url = server.http.url
      const editorUrl = signInLink(server.ctx, editorBase(url))
      const replica = server.ctx.replica?.status()
      if (opts.json) {
        // One line, so a script can read it with `head -1 | jq`.
        process.stdout.write(`${JSON.stringify({
          event: 'ready', url, api_url: `${url}/api`, editor_url: editorUrl, project_id: store.project.uuid, content_dir: store.layout.root,
          read_only: opts.readOnly === true, ...(replica ? { follow: { remote: replica.remote, branch: replica.branch, commit: replica.commit, interval_ms: replica.interval_ms } } : {}), entries: store.entryCount, collections: store.collections.size, problems: store.problems.size,
          rate_limit: { per_minute: config.rateLimitPerMinute, loopback_limited: config.rateLimitExplicit && config.rateLimitPerMinute > 0 },
        })}\n`)
        return
      }
      const lines = [
        `cms serving ${store.layout.root}${opts.readOnly ? ' (read-only)' : ''}`,
        `  url:        ${url}  (also under ${url}/api, the hosted service's base path)`,
        `  project id: ${store.project.uuid}`,
        ...(replica ? [`  follows:    ${replica.remote}/${replica.branch} ${replica.interval_ms > 0 ? `every ${replica.interval_ms / 1000} s` : 'on POST /_replica/sync only'} (at ${replica.commit?.slice(0, 12) ?? 'no commit'}; GET /_replica for its state)`] : []),
        ...(server.ctx.git ? [`  git:        committing writes to git (window ${server.ctx.config.gitWindowMs} ms)`] : []),
        `  loaded:     ${count(store.entryCount, 'entry', 'entries')} in ${count(store.collections.size, 'collection')} (${server.loadMs} ms)`,
        `  rate limit: ${describeRateLimit(config)}`,
        ...(store.project.auth?.enabled === true ? [`  auth:       project auth on (/auth/*; end users: cms user list, their mail: cms auth mail)`] : []),
        ...(store.problems.size > 0 ? [`  problems:   ${store.problems.size} file(s) skipped, see above or run \`cms validate\``] : []),
        `  try:        curl -H "project-id: ${store.project.uuid}" ${url}/`,
        // One-time, 10 minutes: `cms editor-url` prints a fresh one.
        `editor: ${editorUrl}`,
      ]
      // One write, so a reader that sees the URL sees everything.
      process.stdout.write(`${lines.join('\n')}\n`)
    })
}

/** Seconds, decimals allowed; 0 turns polling off. */
function parseInterval(value: string): number {
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || (n > 0 && n < 0.1) || n > 86_400) throw new InvalidArgumentError(`expected 0 (off) or seconds between 0.1 and 86400, got ${JSON.stringify(value)}`)
  return n
}

/** A wildcard listen address is not somewhere a browser can go: the link uses loopback. */
const editorBase = (url: string): string => url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')
