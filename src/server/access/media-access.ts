import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { filePath, verifySignedUrl, type FileRoute } from '../../service/assets/file-urls.ts'
import { authorize, checkProjectHeader, credentialOf } from './guard.ts'

/**
 * Who may load a file URL (`/files/{uuid}/download`, `/thumbnail`), which an `<img>` requests
 * with no headers: anyone on a public project; on a private one, a URL signed by this server
 * and not expired, or a caller with a token (or editor session) that may read. Returns whether
 * the caller came by signature (its cache lifetime ends with the URL's).
 */
export function admitFileRequest(event: H3Event, ctx: AppContext, uuid: string, route: FileRoute): 'public' | 'signed' | 'token' {
  if (ctx.store.project.api === 'public') return 'public'
  const params = event.url.searchParams
  const credential = credentialOf(event, ctx)
  if (credential.kind === 'none' || params.has('sig') || params.has('exp')) {
    verifySignedUrl(ctx.store.layout.stateDir, filePath(uuid, route), params)
    return 'signed'
  }
  checkProjectHeader(event.req.headers.get('project-id') ?? ctx.store.project.uuid, ctx)
  authorize(credential, ctx, { ability: 'read', token: 'always' })
  return 'token'
}
