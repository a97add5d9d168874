import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { z } from 'zod'
import { badRequest, ValidationError } from '../../core/errors.ts'
import { enc, ok, run, withMcpApi } from '../call.ts'
import { uploadFile } from '../../connect/upload.ts'
import { defineTool, UUID_PATTERN, type ToolScope } from './define.ts'
import type { Answers } from '../../server/http/answers.ts'

type Json = Record<string, unknown>
type Page = Answers['AssetList']

const METADATA = {
  alt_text: z.string().optional().describe('Alt text (describe the image for screen readers)'),
  title: z.string().optional(),
  caption: z.string().optional(),
  description: z.string().optional(),
  author: z.string().optional(),
  copyright: z.string().optional(),
}

/** Asset tools: the `/files` API; uploads take the same path as `cms asset add`. */
export function registerAssetTools(scope: ToolScope): void {
  const { target } = scope

  defineTool(scope, 'list_assets', {
    title: 'List assets',
    kind: 'read',
    description: 'Media files (images, video, audio, documents), newest first, paginated ({data, links, meta}). search matches file name, mime type, title or alt text.',
    input: {
      search: z.string().optional(),
      type: z.enum(['image', 'video', 'audio', 'document']).optional(),
      page: z.number().int().min(1).optional(),
      per_page: z.number().int().min(1).max(100).optional().describe('Assets per page (default 25)'),
      trashed: z.enum(['only', 'with']).optional().describe('only: the trash; with: include trashed assets'),
    },
  }, async ({ per_page, page, ...rest }) => {
    const query: Record<string, string> = {}
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) query[k] = v
    if (per_page !== undefined) query.paginate = String(per_page)
    if (page !== undefined) query.page = String(page)
    const result = await run<Page>(target, {
      method: 'GET', path: '/files', query,
    })
    const m = result.meta
    return ok(`${result.data.length} of ${m.total} assets (page ${m.current_page} of ${m.last_page}).`, result)
  })

  defineTool(scope, 'get_asset', {
    title: 'Get an asset',
    kind: 'read',
    description: 'One asset by uuid: file name, mime type, size, dimensions, metadata and its download url.',
    input: { uuid: z.string().regex(UUID_PATTERN, 'must be a uuid (8-4-4-4-12 hex digits)').describe('Asset uuid') },
  }, async ({ uuid }) => {
    const result = await run<Json>(target, {
      method: 'GET', path: `/files/${enc(uuid)}`,
    })
    return ok(`${JSON.stringify(String(result.filename))} (${String(result.mime_type)}, ${String(result.size)}).`, result)
  })

  defineTool(scope, 'upload_asset', {
    title: 'Upload an asset',
    kind: 'write',
    description: 'Add a media file, from a file on this machine (path) or from bytes (base64 with filename). Answers the new asset; put its uuid in a media field of an entry to use it. The type is checked from the bytes.',
    input: {
      path: z.string().min(1).optional().describe('Path of a file on the machine running cms mcp (absolute, or relative to its working directory)'),
      base64: z.string().min(1).optional().describe('The file\'s bytes, base64-encoded (a data: URL is accepted); needs filename'),
      filename: z.string().min(1).optional().describe('File name for base64 bytes, with its extension, e.g. "harbour.png"'),
      ...METADATA,
    },
  }, async ({ path, base64, filename, ...meta }) => {
    if ((path === undefined) === (base64 === undefined)) throw badRequest('Give either path (a file on this machine) or base64 with filename, not both.')
    const metadata: Record<string, string> = {}
    for (const [k, v] of Object.entries(meta)) if (v !== undefined) metadata[k] = v
    let file = path === undefined ? null : resolve(path)
    let tempDir: string | null = null
    try {
      if (base64 !== undefined) {
        if (!filename) throw new ValidationError({ filename: ['The filename is required with base64 (e.g. "photo.jpg").'] })
        const bytes = decodeBase64(base64)
        // The bytes take the same route as a file on disk, so both uploads share one path.
        tempDir = await mkdtemp(join(tmpdir(), 'cms-mcp-'))
        file = join(tempDir, basename(filename.replace(/\\/g, '/')) || 'upload')
        await writeFile(file, bytes)
      }
      const asset = await withMcpApi(target, true, (api) => uploadFile(api, file!, metadata))
      return ok(`Uploaded ${JSON.stringify(String(asset.filename))} as asset ${String(asset.uuid)} (${String(asset.mime_type)}, ${String(asset.size)}).`, asset)
    } finally {
      if (tempDir) await rm(tempDir, { recursive: true, force: true })
    }
  })
}

function decodeBase64(text: string): Buffer {
  const body = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) throw new ValidationError({ base64: ['The base64 text is not valid base64.'] })
  const bytes = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64')
  if (bytes.length === 0) throw new ValidationError({ base64: ['The file is empty.'] })
  return bytes
}
