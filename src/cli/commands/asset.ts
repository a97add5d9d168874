import type { Command } from 'commander'
import prettyBytes from 'pretty-bytes'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import { uploadFile, type AssetJson } from '../../connect/upload.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable, progress } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import type { Answers } from '../../server/http/answers.ts'

interface Opts extends TargetOptions { json?: boolean }

/**
 * `cms asset add|list|show|remove`: the `/files` API from the command line. Works on a remote
 * server (`--url`), the server running on this content dir, or the app in this process; the output
 * is the same asset JSON either way. Uploads stream from disk, never read whole into memory.
 */
export function registerAsset(program: Command): void {
  const asset = program.command('asset').description('media files: add (upload), list, show, remove')

  addTargetOptions(asset
    .command('add <path...>')
    .description('add files as assets (images, video, audio, documents); prints each new asset')
    .option('--alt <text>', 'alt text for every file added')
    .option('--title <text>', 'title for every file added')
    .option('--caption <text>', 'caption for every file added')
    .addOption(dirOption())
    .addOption(jsonOption()))
    .action(async (paths: string[], opts: Opts & { alt?: string; title?: string; caption?: string }) => {
      const metadata = {
        ...(opts.alt !== undefined ? { alt_text: opts.alt } : {}),
        ...(opts.title !== undefined ? { title: opts.title } : {}),
        ...(opts.caption !== undefined ? { caption: opts.caption } : {}),
      }
      const added: AssetJson[] = []
      const failed: Array<{ path: string; message: string }> = []
      await withApi(opts, async (api) => {
        const { stat } = await import('node:fs/promises')
        for (const [i, path] of paths.entries()) {
          const info = await stat(path).catch(() => null)
          if (!info?.isFile()) {
            failed.push({ path, message: 'not a readable file' })
            continue
          }
          const size = info.size
          const show = progressLine(`[${i + 1}/${paths.length}] ${path}`, size, paths.length > 1 || size > 8 * 1024 * 1024)
          try {
            added.push(await uploadFile(api, path, metadata, show))
          } catch (error) {
            if (error instanceof CliError && error.exitCode === EXIT.cannotRun) throw error
            failed.push({ path, message: messageOf(error) })
          }
        }
      })
      // --json: an array of the new assets; with any failure, `{data, errors}` and exit 1.
      if (opts.json) printJson(failed.length ? { data: added, errors: failed } : added)
      else {
        if (added.length > 0) printTable(ASSET_HEAD, added.map(assetRow))
        for (const f of failed) process.stderr.write(`error: ${f.path}: ${f.message}\n`)
      }
      if (failed.length) process.exitCode = EXIT.problem
    })

  addTargetOptions(asset
    .command('list')
    .description('list assets, newest first')
    .option('--search <text>', 'match file name, mime type, title or alt text')
    .option('--type <type>', 'image, video, audio or document')
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', 'assets per page (1..100)', '25')
    .option('--trashed <which>', '`only` the trash, or `with` it')
    .addOption(dirOption())
    .addOption(jsonOption()), { writes: false })
    .action(async (opts: Opts & { search?: string; type?: string; page: string; perPage: string; trashed?: string }) => {
      const query = {
        ...(opts.search ? { search: opts.search } : {}), ...(opts.type ? { type: opts.type } : {}),
        ...(opts.trashed ? { trashed: opts.trashed } : {}), paginate: opts.perPage, page: opts.page,
      }
      const result = await withApi(reading(opts), (api) => api.request<Page>('GET', '/files', { query }))
      if (opts.json) return printJson(result)
      if (result.data.length === 0) {
        process.stdout.write('No assets. Add one with: cms asset add <file>\n')
        return
      }
      printTable(ASSET_HEAD, result.data.map(assetRow))
      const m = result.meta
      if (m.last_page > 1) process.stderr.write(`page ${m.current_page} of ${m.last_page} (${m.total} assets); next: --page ${m.current_page + 1}\n`)
    })

  addTargetOptions(asset
    .command('show <uuid>')
    .description('one asset as JSON (metadata, size, sha256, url)')
    .addOption(dirOption())
    .addOption(jsonOption()), { writes: false })
    .action(async (uuid: string, opts: Opts) => {
      const result = await withApi(reading(opts), (api) => api.request<AssetJson>('GET', `/files/${encodeURIComponent(uuid)}`))
      printJson(result)
    })

  addTargetOptions(asset
    .command('remove <uuid>')
    .alias('rm')
    .description('move an asset to the trash; refused while entries use it unless --force (which also deletes the bytes)')
    .option('--force', 'delete permanently, even if entries still reference it')
    .addOption(dirOption())
    .addOption(jsonOption()))
    .action(async (uuid: string, opts: Opts & { force?: boolean }) => {
      const result = await withApi(opts, (api) => api.request<{ message: string }>('DELETE', `/files/${encodeURIComponent(uuid)}`, { query: opts.force ? { force: 1 } : {} }))
      if (opts.json) printJson({ deleted: uuid, ...result })
      else process.stdout.write(`${result.message}\n`)
    })
}

type Page = Answers['AssetList']

const ASSET_HEAD = ['UUID', 'FILENAME', 'TYPE', 'SIZE', 'STATE']
const assetRow = (a: AssetJson): string[] => [a.uuid, a.filename, a.mime_type, a.size, a.deleted_at ? 'trashed' : '']


/** Byte progress on stderr for large files and batches (a TTY redraws one line). */
function progressLine(label: string, total: number, enabled: boolean): ((sent: number) => void) | undefined {
  if (!enabled) return undefined
  let last = -1
  return (sent) => {
    const pct = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 100
    if (pct === last || (pct % 5 !== 0 && !process.stderr.isTTY)) return
    last = pct
    progress(`${label} ${pct}% (${prettyBytes(sent)} / ${prettyBytes(total)})`)
  }
}

function messageOf(error: unknown): string {
  const e = error as { data?: { message?: unknown; errors?: Record<string, string[]> }; message?: string }
  const detail = e.data?.errors ? Object.values(e.data.errors).flat()[0] : undefined
  const message = String(e.data?.message ?? e.message ?? error)
  return detail && !message.includes(detail) ? `${message} ${detail}` : message
}
