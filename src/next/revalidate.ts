import { revalidatePath, revalidateTag } from 'next/cache.js'
import { Webhook } from 'standardwebhooks'
import { secretKey } from '../webhooks/sign.ts'
import { ALL_TAG, collectionTag, entryTag } from './tags.ts'
import { isSlug, isUuid } from '../core/ids.ts'

/** What one delivery changed (the webhook body's names). */
export interface CmsChange {
  /** `content.updated`, `content.published`, `asset.deleted`, ... */
  event: string
  collection: string | null
  uuid: string | null
  /** The entry as the API answers it, when the webhook sends payloads. */
  entry: Record<string, unknown> | null
}

export interface RevalidateOptions {
  /** The webhook's secret (`whsec_...` or any string), as configured on the webhook. */
  secret: string | undefined
  /** Site paths to revalidate for a change, besides the tags (`(c) => ['/posts/' + c.entry?.fields.slug]`). */
  paths?: (change: CmsChange) => string[] | Promise<string[]>
}

/**
 * `app/api/revalidate/route.ts`: `export const POST = createRevalidateHandler({ secret: process.env.CMS_WEBHOOK_SECRET })`.
 * Verifies the delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`; 5 minutes of tolerance against replays), then expires at once the tags
 * `cmsFetch` put on the changed entry's reads (`<collection>`, `<collection>:<uuid>`; an asset
 * event expires `cms`, every read), so the first request after the delivery is acknowledged reads
 * the change. Unsigned or badly signed: 401, nothing revalidated.
 */
export function createRevalidateHandler(options: RevalidateOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    // Read at request time: `next build` imports the route without the site's secrets.
    if (!options.secret) return json(500, { error: 'No webhook secret is configured (createRevalidateHandler({ secret })).' })
    const body = await request.text()
    const headers = {
      'webhook-id': request.headers.get('webhook-id') ?? '',
      'webhook-timestamp': request.headers.get('webhook-timestamp') ?? '',
      'webhook-signature': request.headers.get('webhook-signature') ?? '',
    }
    let payload: Record<string, unknown>
    try {
      // Our signing's key rule (webhooks/sign.ts): a `whsec_` secret is base64, any other its UTF-8 bytes.
      payload = new Webhook(new Uint8Array(secretKey(options.secret)), { format: 'raw' }).verify(body, headers) as Record<string, unknown>
    } catch {
      return json(401, { error: 'The webhook signature is missing or invalid.' })
    }
    const change: CmsChange = {
      event: typeof payload.event === 'string' ? payload.event : '',
      collection: isSlug(payload.collection) ? payload.collection : null,
      uuid: isUuid(payload.content_id) ? payload.content_id : null,
      entry: payload.content_entry && typeof payload.content_entry === 'object' ? (payload.content_entry as Record<string, unknown>) : null,
    }
    const tags: string[] = []
    if (change.event.startsWith('content.') && change.collection) {
      tags.push(collectionTag(change.collection))
      if (change.uuid) tags.push(entryTag(change.collection, change.uuid))
    } else if (change.event !== 'webhook.test') {
      // Assets and anything else may show on any page.
      tags.push(ALL_TAG)
    }
    for (const tag of tags) revalidateTag(tag, { expire: 0 })
    const paths = options.paths ? (await options.paths(change)).filter((p) => typeof p === 'string' && p.startsWith('/')) : []
    for (const path of paths) revalidatePath(path)
    return json(200, { revalidated: true, tags, paths })
  }
}

const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
