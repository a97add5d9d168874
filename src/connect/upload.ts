import { openAsBlob } from 'node:fs'
import { basename } from 'node:path'
import type { AssetJson } from '../core/types.ts'
import type { ApiClient } from './api.ts'

/** An asset as `POST /files` answers it (core/types.ts's one asset shape). */
export type { AssetJson }

/**
 * Sends one file to `POST /files` as multipart/form-data (what `cms asset add` and the MCP
 * `upload_asset` tool do): `fs.openAsBlob` reads the file lazily (never whole in memory) and
 * fetch encodes the FormData with its exact Content-Length, so a server can refuse an
 * oversized file from the headers alone. No timeout: a large file takes the time it takes.
 */
export async function uploadFile(api: ApiClient, path: string, metadata: Record<string, string>, onBytes?: (sent: number) => void): Promise<AssetJson> {
  // Quotes and line breaks would be percent-encoded by FormData; the server keeps names as sent.
  const name = basename(path).replace(/["\r\n\\]/g, '_')
  const blob = await openAsBlob(path)
  const form = new FormData()
  if (Object.keys(metadata).length) form.append('metadata', JSON.stringify(metadata))
  form.append('file', onBytes ? new CountedFile([blob], name, onBytes) : new File([blob], name, { type: 'application/octet-stream' }))
  return api.request<AssetJson>('POST', '/files', { body: form, timeout: 0 })
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
