import { extname } from 'node:path'

/**
 * Pure rules for uploaded files: name sanitising, the mime allow-list, the `type` filter
 * groups, and how a sniffed signature and a file name are reconciled. No IO here.
 */

/** Mime types accepted with no configuration: the media a site shows and the documents it links. */
const DEFAULT_MIME_ALLOW: readonly string[] = [
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/tiff', 'image/x-icon',
  'image/heic', 'image/heif', 'image/apng', 'image/jxl',
  'video/mp4', 'video/webm', 'video/quicktime', 'video/ogg', 'video/mpeg', 'video/x-m4v', 'video/matroska',
  'audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/aac', 'audio/mp4', 'audio/x-m4a', 'audio/aiff', 'audio/webm',
  'application/pdf', 'application/rtf', 'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain', 'text/markdown', 'text/csv', 'application/json',
]

/** Text types we recognise by extension once the bytes proved to be UTF-8 text. */
const TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain', '.text': 'text/plain', '.md': 'text/markdown', '.markdown': 'text/markdown',
  '.csv': 'text/csv', '.json': 'application/json', '.svg': 'image/svg+xml',
}

/** Extensions that name the same format as the one file-type reports. */
const EXT_ALIASES: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tif: 'tiff', htm: 'html', mpeg: 'mpg', m4v: 'mp4', m4a: 'mp4', oga: 'ogg', ogv: 'ogg', opus: 'ogg', qt: 'mov' }

const MAX_FILENAME_LENGTH = 120
/** File systems hold 255 bytes per name (not characters): 84 CJK characters and `.png` are 256. */
const MAX_FILENAME_BYTES = 240

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

/** Whether a stored asset file name is one plain name: no separator, no `.`/`..`, no NUL, fits a file system. */
export function isPlainFileName(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && !/[/\\\u0000]/.test(name) && utf8Length(name) <= 255
}

/**
 * A name safe to store as `assets/<uuid>/<name>`: no path separators, no `..`, no control or
 * shell-hostile characters, no leading dot, at most MAX_FILENAME_LENGTH characters with the
 * extension kept. The original stays in the metadata.
 */
export function sanitizeFilename(original: string): string {
  // Browsers send only the base name, but some clients send a path: keep its last segment.
  const base = original.split(/[\\/]/).pop() ?? ''
  let name = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*\u2028\u2029]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.{2,}/g, '.')
    .replace(/^[.\s-]+/, '')
    .replace(/[.\s]+$/, '')
  if (name.length > MAX_FILENAME_LENGTH || utf8Length(name) > MAX_FILENAME_BYTES) {
    const ext = extname(name).slice(0, 16)
    // Whole code points off the end of the stem until both limits hold.
    const stem = [...name.slice(0, name.length - ext.length)]
    while (stem.length > 0 && (stem.length + ext.length > MAX_FILENAME_LENGTH || utf8Length(stem.join('')) + utf8Length(ext) > MAX_FILENAME_BYTES)) stem.pop()
    name = stem.join('').replace(/[.\s]+$/, '') + ext
  }
  // Windows reserves device names whatever their extension.
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`
  return name || 'file'
}

/** Whether `mime` may be stored: the defaults plus `extra` (exact types, `type/*`, or `*`). */
export function isMimeAllowed(mime: string, extra: readonly string[]): boolean {
  const base = mime.split(';')[0]!.trim().toLowerCase()
  if (DEFAULT_MIME_ALLOW.includes(base)) return true
  return extra.some((rule) => {
    const r = rule.trim().toLowerCase()
    return r === '*' || r === '*/*' || r === base || (r.endsWith('/*') && base.startsWith(r.slice(0, -1)))
  })
}

export type AssetType = 'image' | 'video' | 'audio' | 'document'
export const ASSET_TYPES: readonly AssetType[] = ['image', 'video', 'audio', 'document']

/** The hosted service's `type` filter groups: documents are everything not image, video or audio. */
export function assetType(mime: string): AssetType {
  const top = mime.split('/')[0]
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'document'
}

export interface Sniffed {
  /** From the signature (`file-type`), when it found one. */
  signature?: { mime: string; ext: string } | undefined
  /** The whole file is valid UTF-8 without NUL bytes. */
  isText: boolean
}

/**
 * Decides the stored mime type from the bytes, never from the client's header. Returns an
 * error message when the bytes and the name disagree (an executable named `.png`, a PDF
 * named `.jpg`, text named `.pdf`).
 */
export function resolveMime(sniffed: Sniffed, filename: string, knownExtensions: ReadonlySet<string>): { mime: string } | { error: string } {
  const rawExt = extname(filename).slice(1).toLowerCase()
  const ext = EXT_ALIASES[rawExt] ?? rawExt
  if (sniffed.signature) {
    const found = EXT_ALIASES[sniffed.signature.ext] ?? sniffed.signature.ext
    if (ext && knownExtensions.has(rawExt) && ext !== found) {
      return { error: `The file's contents are ${sniffed.signature.mime}, which does not match its .${rawExt} extension.` }
    }
    return { mime: sniffed.signature.mime }
  }
  if (!sniffed.isText) return { error: 'The file type could not be recognised from its contents.' }
  if (ext && knownExtensions.has(rawExt)) {
    return { error: `The file's contents are plain text, which does not match its .${rawExt} extension.` }
  }
  return { mime: TEXT_TYPES[`.${rawExt}`] ?? 'text/plain' }
}

/**
 * `1.0 MB`, as the hosted service formats `size`: 1024-based with one decimal and `KB`/`MB`
 * names. Kept by hand: pretty-bytes writes either 1000-based `kB` or 1024-based `KiB`, and this
 * string is part of the wire format (the CLI's own progress lines use pretty-bytes).
 */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let i = 0
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024
    i++
  }
  return i === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[i]}`
}

/** `1.0 MB` from a byte limit, for messages. */
export const limitText = (bytes: number): string => humanSize(bytes)
