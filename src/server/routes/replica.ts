import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { CmsError, notFound } from '../../core/errors.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { authorize, credentialFromHeader } from '../access/guard.ts'
import { hubSignature, replicaSecret, SECRET_VARIABLE } from '../../replica/signature.ts'
import type { ReplicaFollower } from '../../replica/follower.ts'
import { jsonResponse } from '../http/json-text.ts'

/** GitHub caps webhook payloads at 25 MB; a longer body is no push webhook. */
const MAX_WEBHOOK_BYTES = 25 * 1024 * 1024

/**
 * The replica's two routes (`cms serve --read-only --follow`, docs/deploy.md). Outside the
 * project scope (no project header: a git host's webhook sends none), so the guard leaves
 * them to check their own callers; a server that follows nothing answers 404.
 */
export function registerReplicaRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_replica', ability: null, summary: 'A `--follow` replica\'s state: `{remote, branch, commit, synced_at, checked_at, interval_ms, error}` (404 on a server that follows nothing)',
      answer: 'Replica',
      handler: () => json(200, follower(ctx).status()),
    },
    {
      method: 'POST', path: '/_replica/sync', ability: null, summary: 'Fetch and fast-forward now; answers once the new commit is served. An admin token as Bearer, or a push webhook signed in `X-Hub-Signature-256`; else 401',
      answer: 'Replica',
      handler: async (event) => {
        const replica = follower(ctx)
        if (!(await allowed(event, ctx))) {
          throw new CmsError('unauthenticated', `Unauthenticated: send an admin API token as Bearer, or a push webhook signed with the secret in ${SECRET_VARIABLE} (X-Hub-Signature-256).`)
        }
        const status = await replica.sync()
        return status.error ? json(409, { message: status.error.message, ...status }) : json(200, status)
      },
    },
  ])
}

function follower(ctx: AppContext): ReplicaFollower {
  if (!ctx.replica) throw notFound('This server follows no git remote (start it with `cms serve --read-only --follow <remote>`).')
  return ctx.replica
}

/** An admin token (or the local admin token), else a valid signature of the raw body. */
async function allowed(event: H3Event, ctx: AppContext): Promise<boolean> {
  const authorization = event.req.headers.get('authorization')
  if (authorization) {
    try {
      const principal = authorize(credentialFromHeader(authorization, ctx), ctx, { ability: 'admin', token: 'always' })
      if (principal.kind !== 'public') return true
    } catch {
      // Not an admin token: a signature may still vouch for the request.
    }
  }
  const header = event.req.headers.get('x-hub-signature-256')
  const secret = replicaSecret(ctx.config.env)
  if (!header || !secret) return false
  const signature = hubSignature(secret)
  const reader = event.req.body?.getReader()
  let size = 0
  for (;;) {
    if (!reader) break
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_WEBHOOK_BYTES) {
      // Not reader.cancel(): that destroys the request under the answer (see server/http/body.ts).
      reader.releaseLock()
      throw new CmsError('payload_too_large', 'Request body is larger than a push webhook may be (25 MB).', { headers: { connection: 'close' } })
    }
    signature.update(value)
  }
  return signature.matches(header)
}

const json = (status: number, body: unknown): Response => jsonResponse(status, body, { 'cache-control': 'no-store' })
