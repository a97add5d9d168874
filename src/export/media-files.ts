import { lstat } from 'node:fs/promises'
import type { ContentReader } from '../reader/index.ts'
import { isTransformable } from '../service/assets/file-urls.ts'
import { mediaWorks, type OutputFormat } from '../service/assets/derivatives.ts'

/**
 * The files `cms export` writes beside the JSON (docs/media.md): each live asset's original,
 * an image's thumbnail, and the derivatives project.yaml's `media: {widths, formats}` asks for
 * (made once through the derivative cache); then the asset objects in the exported JSON point
 * at them (`url`, `original_url`, `thumbnail_url`, and `derivatives: [{width, format, url}]`),
 * so a static host serves everything.
 */
export interface MediaExport {
  /** An answer's body with its asset URLs pointing at the exported files. */
  rewrite(body: string): string
  /** Images whose derivatives could not be made (over the limits, damaged): served as originals only. */
  skipped: string[]
}

interface Exported { original: string; thumbnail: string | null; derivatives: Array<{ width: number; format: string; file: string }> }

/** Copies `from` to `file` in the export folder (the caller's writer: containment, manifest). */
export type PutFile = (file: string, from: string, etag: string, bytes: number) => Promise<void>

export async function exportMedia(reader: ContentReader, putFile: PutFile): Promise<MediaExport> {
  const { settings, stateDir, files } = reader.media()
  const widths = [...new Set(settings?.widths ?? [])].sort((a, b) => a - b)
  const formats: OutputFormat[] = settings?.formats?.length ? settings.formats : ['webp']
  const works = mediaWorks(stateDir, process.env)
  const done = new Map<string, Exported>()
  const skipped: string[] = []
  for (const { asset, path } of files) {
    // The stored file itself, never a link's target (content must stay inside the content folder).
    if (!(await lstat(path).then((i) => i.isFile(), () => false))) continue
    const dir = `files/${asset.uuid}`
    const original = `${dir}/${asset.filename}`
    await putFile(original, path, `"${asset.sha256}"`, asset.size)
    const entry: Exported = { original, thumbnail: null, derivatives: [] }
    if (isTransformable(asset.mime_type)) {
      try {
        const thumb = await works.get(asset, path, { format: 'webp', thumbnail: true })
        entry.thumbnail = `${dir}/thumbnail.webp`
        await putFile(entry.thumbnail, thumb.path, `"d-${thumb.key}"`, thumb.size)
        // Never wider than the original: a larger copy would only be bigger.
        for (const width of widths.filter((w) => asset.width === null || w <= asset.width)) {
          for (const format of formats) {
            const made = await works.get(asset, path, { w: width, format })
            const file = `${dir}/w${width}.${format === 'jpeg' ? 'jpg' : format}`
            await putFile(file, made.path, `"d-${made.key}"`, made.size)
            entry.derivatives.push({ width, format, file })
          }
        }
      } catch {
        skipped.push(asset.original_filename)
      }
    }
    done.set(asset.uuid, entry)
  }
  return {
    skipped,
    rewrite(body) {
      if (done.size === 0 || !body.includes('/files/')) return body
      return JSON.stringify(JSON.parse(body, (_key, value: unknown) => {
        const a = value as { uuid?: unknown; url?: unknown; original_url?: unknown } | null
        if (!a || typeof a !== 'object' || typeof a.uuid !== 'string' || typeof a.url !== 'string' || !('original_url' in a)) return value
        const exported = done.get(a.uuid)
        const at = a.url.indexOf(`/files/${a.uuid}/`)
        if (!exported || at < 0) return value
        const base = a.url.slice(0, at + 1)
        const url = (file: string) => `${base}${file.split('/').map(encodeURIComponent).join('/')}`
        return {
          ...a,
          url: url(exported.original),
          original_url: url(exported.original),
          thumbnail_url: exported.thumbnail ? url(exported.thumbnail) : null,
          derivatives: exported.derivatives.map((d) => ({ width: d.width, format: d.format, url: url(d.file) })),
        }
      }))
    },
  }
}
