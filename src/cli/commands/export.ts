import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, progress } from '../output.ts'
import { CliError } from '../../connect/errors.ts'

interface Opts { dir?: string; out?: string; paginate?: string; baseUrl?: string; json?: boolean }

/** `cms export`: the published API as static files, byte-identical to what `cms serve` answers. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('write the published API as static JSON files for a static host or CDN')
    .requiredOption('-o, --out <dir>', 'folder to write: new, empty, or an earlier export (its files, as its .cms-export.json lists them, are replaced; nothing else is touched)')
    .option('--paginate <n>', 'also write paginated list pages of this size')
    .option('--base-url <url>', 'URL the export will be served from (origin, optionally with /api): written into pagination links and asset URLs', 'http://localhost:3000')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const paginate = opts.paginate === undefined ? undefined : Number(opts.paginate)
      if (paginate !== undefined && (!Number.isInteger(paginate) || paginate < 1)) throw new CliError(`--paginate must be a positive integer, got ${JSON.stringify(opts.paginate)}`)
      if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(opts.baseUrl ?? '')) throw new CliError(`--base-url must be a URL such as https://cms.example.org or https://cms.example.org/api, got ${JSON.stringify(opts.baseUrl)}`)
      const { openContent } = await import('../../reader/index.ts')
      const { exportStatic, ExportError } = await import('../../export/static-api.ts')
      const { resolveContentDir } = await import('../../config.ts')
      const started = performance.now()
      const reader = await openContent(resolveContentDir(opts.dir ? { dir: opts.dir } : {}), { baseUrl: opts.baseUrl! })
      try {
        const summary = await exportStatic(reader, opts.out!, {
          ...(paginate ? { paginate } : {}),
          onProgress: (n) => progress(`exported ${n} files`),
        }).catch((error: unknown) => {
          throw error instanceof ExportError ? new CliError(error.message) : error
        })
        const ms = Math.round(performance.now() - started)
        if (opts.json) printJson({ ...summary, ms })
        else process.stdout.write(`Exported ${summary.files} files (${summary.entries} entries, ${summary.collections} collections) to ${opts.out} in ${ms} ms.\n`)
      } finally {
        await reader.close()
      }
    })
}
