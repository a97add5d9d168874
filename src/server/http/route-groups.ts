import type { AppContext } from '../../context.ts'
import type { CmsApp } from './cms-app.ts'

type Register = (app: CmsApp, ctx: AppContext) => void

/**
 * The app's route groups in createApp's order, each loaded only when asked: lazy-app.ts loads
 * the groups a request's path needs (route-paths.ts), so a CLI command answered in process
 * does not load the modules of the routes it never calls (docs/benchmarks.md, "Suite speed").
 */
export const ROUTE_GROUPS: readonly { name: string; load: () => Promise<Register> }[] = [
  { name: 'favicon', load: async () => (await import('../admin/favicon.ts')).registerFavicon },
  { name: 'sessions', load: async () => (await import('../admin/session-routes.ts')).registerSessionRoutes },
  { name: 'editor', load: async () => (await import('../admin/editor-routes.ts')).registerEditorRoutes },
  { name: 'tokens', load: async () => (await import('../admin/token-routes.ts')).registerTokenRoutes },
  { name: 'end-users', load: async () => (await import('../admin/end-user-routes.ts')).registerEndUserRoutes },
  { name: 'preview-tokens', load: async () => (await import('../admin/preview-token-routes.ts')).registerPreviewTokenRoutes },
  { name: 'overlay', load: async () => (await import('../admin/overlay-routes.ts')).registerOverlayRoutes },
  { name: 'project', load: async () => (await import('../routes/project.ts')).registerProjectRoutes },
  { name: 'auth', load: async () => (await import('../routes/auth.ts')).registerAuthRoutes },
  { name: 'openapi', load: async () => (await import('../routes/openapi.ts')).registerOpenApiRoutes },
  { name: 'api-docs', load: async () => (await import('../routes/api-docs.ts')).registerApiDocsRoutes },
  { name: 'schema', load: async () => (await import('../routes/schema.ts')).registerSchemaRoutes },
  { name: 'webhooks', load: async () => (await import('../routes/webhooks.ts')).registerWebhookRoutes },
  { name: 'git', load: async () => (await import('../routes/git.ts')).registerGitRoutes },
  { name: 'replica', load: async () => (await import('../routes/replica.ts')).registerReplicaRoutes },
  { name: 'events', load: async () => (await import('../routes/events.ts')).registerEventRoutes },
  { name: 'assets', load: async () => (await import('../routes/assets.ts')).registerAssetRoutes },
  { name: 'asset-files', load: async () => (await import('../routes/asset-files.ts')).registerAssetFileRoutes },
  { name: 'scheduling', load: async () => (await import('../routes/scheduling.ts')).registerSchedulingRoutes },
  { name: 'search', load: async () => (await import('../routes/search.ts')).registerSearchRoutes },
  { name: 'entries-write', load: async () => (await import('../routes/entries-write.ts')).registerEntryWriteRoutes },
  { name: 'entries-read', load: async () => (await import('../routes/entries-read.ts')).registerEntryReadRoutes },
  { name: 'static-editor', load: async () => (await import('../admin/static.ts')).registerStaticEditor },
]

/** Groups whose answers read the whole route table (the OpenAPI document): every group is loaded first. */
export const NEEDS_ALL_ROUTES = new Set(['openapi'])
