import type { Command } from 'commander'
import { addTargetOptions, reading, withTarget, type ApiClient, type TargetOptions } from '../target.ts'
import { dirOption, jsonOption } from '../options.ts'
import { CliError, EXIT, printJson, progress } from '../output.ts'

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
        for (const a of added) process.stdout.write(`${a.uuid}  ${a.filename}  ${a.mime_type}  ${a.size}\n`)
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
      for (const a of result.data) process.stdout.write(`${a.uuid}  ${a.filename}  ${a.mime_type}  ${a.size}${a.deleted_at ? '  (trashed)' : ''}\n`)
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
    progress(`${label} ${pct}% (${mb(sent)} / ${mb(total)})`)
  }
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

/**
 * Streams one file to `POST /files` as multipart/form-data with node:http(s), counting bytes
 * as they leave. Built by hand (not FormData/fetch) so a large file is never held in memory:
 * the file is piped with backpressure and the exact Content-Length lets the server refuse an
 * oversized file before it is sent.
 */
export async function uploadRemote(api: ApiClient, path: string, metadata: Record<string, string>, onBytes?: (sent: number) => void): Promise<AssetJson> {
  const { createReadStream } = await import('node:fs')
  const { stat } = await import('node:fs/promises')
  const { basename } = await import('node:path')
  const { randomBytes } = await import('node:crypto')
  const { Transform } = await import('node:stream')
  const { pipeline } = await import('node:stream/promises')
  const boundary = `----cms${randomBytes(12).toString('hex')}`
  const name = basename(path).replace(/["\r\n\\]/g, '_')
  const head = Buffer.from(
    (Object.keys(metadata).length ? `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify(metadata)}\r\n` : '')
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const size = (await stat(path)).size
  const url = new URL(`${api.url}/files`)
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http')
  return new Promise<AssetJson>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...api.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('error', reject)
      res.on('end', () => {
        let data: Record<string, unknown>
        try {
          data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        } catch {
          data = { message: `HTTP ${res.statusCode}` }
        }
        if ((res.statusCode ?? 500) >= 300) reject(Object.assign(new Error(String(data.message ?? `HTTP ${res.statusCode}`)), { data, status: res.statusCode }))
        else resolve(data as AssetJson)
      })
    })
    let answered = false
    req.on('response', () => { answered = true })
    req.on('error', (error) => {
      if (!answered) reject(new CliError(`Cannot reach ${api.url}: ${error.message}`, EXIT.cannotRun))
    })
    let sent = 0
    const count = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        sent += chunk.length
        onBytes?.(sent)
        callback(null, chunk)
      },
    })
    req.write(head)
    // An early answer (413, 422) ends the upload; its error is then not the story.
    pipeline(createReadStream(path, { highWaterMark: 256 * 1024 }), count, req, { end: false })
      .then(() => req.end(tail), () => { if (!answered) req.destroy() })
  })
}

function messageOf(error: unknown): string {
  const e = error as { data?: { message?: unknown; errors?: Record<string, string[]> }; message?: string }
  const detail = e.data?.errors ? Object.values(e.data.errors).flat()[0] : undefined
  const message = String(e.data?.message ?? e.message ?? error)
  return detail && !message.includes(detail) ? `${message} ${detail}` : message
}
