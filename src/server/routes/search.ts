import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { searchAll } from '../../service/entries/search.ts'
import { translationGaps } from '../../service/entries/translation-report.ts'
import { credentialOf } from '../access/guard.ts'
import { draftAccess } from '../access/draft-access.ts'

/** Full-text search across collections and the translation report (docs/search.md, docs/locales.md). */
export function registerSearchRoutes(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [
    {
      method: 'GET', path: '/_search', ability: 'read', summary: 'Full-text search across collections `?q=<words>[&locale=][&collections=a,b][&limit=]` → `{data: [{collection, uuid, locale, score, title}]}`, best first',
      answer: 'Search',
      handler: (event, principal) => searchAll(ctx, event.url.search.slice(1), draftAccess(ctx, principal, () => credentialOf(event, ctx))),
    },
    {
      method: 'GET', path: '/_translations', ability: 'read', summary: 'Missing translations `{missing, empty, locales}`: groups with no entry in a locale, translatable fields left empty (`?state=draft` counts drafts; `summary=true`: `{locales}` alone; `entries=u1,u2`: `{entries: {uuid: [missing locales]}}`)',
      answer: 'TranslationGaps',
      handler: (event, principal) => translationGaps(ctx, event.url.search.slice(1), draftAccess(ctx, principal, () => credentialOf(event, ctx))),
    },
  ])
}
