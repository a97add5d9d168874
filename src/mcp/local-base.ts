/** Without a server, urls in answers point at where `cms serve` listens by default (as `cms asset` does). */
export const localBase = (ctx: { config: { env: Readonly<Record<string, string | undefined>> } }): string =>
  (ctx.config.env.CMS_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '')
