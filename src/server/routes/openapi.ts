import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { generateOpenApi, type OpenApiDocument } from '../../codegen/openapi.ts'
import { asJsonText, type JsonText } from '../http/json-text.ts'
import { packageVersion } from '../../core/version.ts'

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of this server, generated from the live
 * schemas and the route table on each request (cached until a schema or the project changes).
 * The `project-id` header may be left out (checked when sent), so a browser (the `/_docs` page)
 * and generators can fetch it by URL alone.
 */
export function registerOpenApiRoutes(app: CmsApp, ctx: AppContext): void {
  // Collection records are replaced, never mutated, on change: their identity is the cache key.
  let cached: { project: unknown; collections: unknown[]; body: JsonText<OpenApiDocument> } | null = null
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/openapi.json', ability: 'read', project: 'optional', summary: 'The OpenAPI 3.1 document of this API, generated from the live schemas', answer: 'OpenApiDocument',
      handler: (event) => {
        const collections = ctx.store.sortedCollections()
        const project = ctx.store.project
        const fresh = cached && cached.project === project && cached.collections.length === collections.length && cached.collections.every((c, i) => c === collections[i])
        if (!fresh) cached = { project, collections, body: asJsonText(JSON.stringify(generateOpenApi(project, collections, app.routes, packageVersion))) }
        event.res.headers.set('content-type', 'application/json; charset=utf-8')
        return cached!.body
      },
    },
  ])
}
