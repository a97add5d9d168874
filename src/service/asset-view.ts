import type { AppContext } from '../context.ts'

/**
 * The asset object that media fields and `/files` answer with. The assets issue fills this
 * in (url, mime type, metadata); until then a media value comes out as `{uuid}`.
 */
export function assetJson(ctx: AppContext, uuid: string, baseUrl: string): Record<string, unknown> | null {
  void baseUrl
  const asset = ctx.store.assets.get(uuid)
  if (!asset || asset.deleted_at) return null
  return { uuid: asset.uuid }
}
