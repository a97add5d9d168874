import type { Command } from 'commander'
import prettyBytes from 'pretty-bytes'
import { addTargetOptions, reading, withTarget, type ApiClient, type TargetOptions } from '../target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { CliError, EXIT, printJson, printTable, progress } from '../output.ts'

interface Opts extends TargetOptions { json?: boolean }
type AssetJson = Record<string, unknown> & { uuid: string; filename: string; mime_type: string; size: string; url: string }

/**
 * `cms asset add|list|show|remove`: the `/files` API from the command line. Works on a remote
 * server (`--url`), the server running on this content dir, or the files directly; the output
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
      await withTarget(opts, async (t) => {
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
            if (t.kind === 'remote') {
              added.push(await uploadRemote(t.api, path, metadata, show))
            } else {
              const { addAssetFromPath } = await import('../../service/assets/manage.ts')
              const { toAssetJson } = await import('../../service/assets/view.ts')
              added.push(toAssetJson(await addAssetFromPath(t.ctx, path, metadata, show), localBase(t.ctx)) as AssetJson)
            }
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
      const result = await withTarget(reading(opts), async (t) => {
        if (t.kind === 'remote') return t.api.request<Page>('GET', '/files', { query })
        const { listAssets } = await import('../../service/assets/manage.ts')
        return listAssets(t.ctx, query, localBase(t.ctx), '/files') as unknown as Page
      })
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
      const result = await withTarget(reading(opts), async (t) => {
        if (t.kind === 'remote') return t.api.request<AssetJson>('GET', `/files/${encodeURIComponent(uuid)}`)
        const { requireAsset } = await import('../../service/assets/manage.ts')
        const { toAssetJson } = await import('../../service/assets/view.ts')
        return toAssetJson(requireAsset(t.ctx, uuid), localBase(t.ctx)) as AssetJson
      })
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
      const result = await withTarget(opts, async (t) => {
        if (t.kind === 'remote') return t.api.request<{ message: string }>('DELETE', `/files/${encodeURIComponent(uuid)}`, { query: opts.force ? { force: 1 } : {} })
        const { deleteAsset } = await import('../../service/assets/manage.ts')
        return { success: true, ...(await deleteAsset(t.ctx, uuid, { force: opts.force === true })) }
      })
      if (opts.json) printJson({ deleted: uuid, ...result })
      else process.stdout.write(`${result.message}\n`)
    })
}

interface Page { data: AssetJson[]; meta: { current_page: number; last_page: number; total: number } }

const ASSET_HEAD = ['UUID', 'FILENAME', 'TYPE', 'SIZE', 'STATE']
const assetRow = (a: AssetJson): string[] => [a.uuid, a.filename, a.mime_type, a.size, a.deleted_at ? 'trashed' : '']

/** Without a server, urls point at where `cms serve` listens by default. */
const localBase = (ctx: { config: { env: Readonly<Record<string, string | undefined>> } }): string =>
  (ctx.config.env.CMS_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '')

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

/**
 * Sends one file to `POST /files` as multipart/form-data: `fs.openAsBlob` reads the file lazily
 * (never whole in memory) and fetch encodes the FormData with its exact Content-Length, so the
 * server can refuse an oversized file from the headers alone.
 */
export async function uploadRemote(api: ApiClient, path: string, metadata: Record<string, string>, onBytes?: (sent: number) => void): Promise<AssetJson> {
  const { openAsBlob } = await import('node:fs')
  const { basename } = await import('node:path')
  // Quotes and line breaks would be percent-encoded by FormData; the server keeps names as sent.
  const name = basename(path).replace(/["\r\n\\]/g, '_')
  const blob = await openAsBlob(path)
  const form = new FormData()
  if (Object.keys(metadata).length) form.append('metadata', JSON.stringify(metadata))
  form.append('file', onBytes ? new CountedFile([blob], name, onBytes) : new File([blob], name, { type: 'application/octet-stream' }))
  let res: Response
  try {
    res = await fetch(`${api.url}/files`, { method: 'POST', headers: api.headers, body: form })
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause
    throw new CliError(`Cannot reach ${api.url}: ${cause?.message ?? (error as Error).message}`, EXIT.cannotRun)
  }
  const text = await res.text()
  let data: Record<string, unknown>
  try {
    data = JSON.parse(text) as Record<string, unknown>
  } catch {
    data = { message: `HTTP ${res.status}` }
  }
  if (res.status >= 300) throw Object.assign(new Error(String(data.message ?? `HTTP ${res.status}`)), { data, status: res.status })
  return data as AssetJson
}

/**
 * A file part that counts its bytes as fetch reads them into the request body (for the progress
 * line; backpressure keeps what was read within a buffer of what was sent).
 */
class CountedFile extends File {
  readonly #onBytes: (sent: number) => void
  constructor(parts: Blob[], name: string, onBytes: (sent: number) => void) {
    super(parts, name, { type: 'application/octet-stream' })
    this.#onBytes = onBytes
  }

  override stream(): ReadableStream<Uint8Array> {
    let sent = 0
    const onBytes = this.#onBytes
    return super.stream().pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength
        onBytes(sent)
        controller.enqueue(chunk)
      },
    }))
  }
}

function messageOf(error: unknown): string {
  const e = error as { data?: { message?: unknown; errors?: Record<string, string[]> }; message?: string }
  const detail = e.data?.errors ? Object.values(e.data.errors).flat()[0] : undefined
  const message = String(e.data?.message ?? e.message ?? error)
  return detail && !message.includes(detail) ? `${message} ${detail}` : message
}
