import type { H3Event } from 'h3'
import { entryEtag, type EntryWriteOptions } from '../../service/entries/etag.ts'

/** An entry write's If-Match from the request, and the ETag of the entry as written set on the answer (service/entries/etag.ts). */
export function entryWriteOptions(e: H3Event): EntryWriteOptions {
  return {
    ifMatch: e.req.headers.get('if-match'),
    written: (entry) => e.res.headers.set('etag', entryEtag(entry)),
  }
}
