import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'

/**
 * The site icon (a 32×32 PNG in an ICO, the editor's ◆ mark): browsers ask `/favicon.ico` on
 * every page, which otherwise fell to the `/{collection}` routes and answered 400 (no project
 * header). Built in, so it answers without a built editor too; cached for a week (it may change
 * with a new version, and its name has no hash).
 */
const FAVICON = Buffer.from(
  'AAABAAEAICAAAAEAIABmAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgDAAAARKSKxgAAAEJQTFRFTGlxACoqEBgnEBgnEhwlEBcoEBgmERcnACQkEBgmEBgmERgnEBcnEBcnEBgnEBgmERgneqL/RV2TSWGaQlmMRl2T8UG+RQAAABB0Uk5TAAbJyBtsx88H8/TQbm3xxnEBndYAAAAJcEhZcwAACxMAAAsTAQCanBgAAACuSURBVDjLhZNREoMgDAUfVQSsVtR4/6tKp1MlIWD+wi4DhASAn7oxKjF2s0eK/h2r4fq0v8GT4THFZli82sKAwBe2necBgq+rMCC5NFBwYaDk3IDCmQGN5wZUnhnQ+W2gwi8DNf43fgJpwpEfQTV+XZIq/H4m6TwrFKk8LzVpnH0WKZx/N5VcNAwVXAhf4xAtJ5t24/nnue3np8Hxrjl6Jg2vaw8vYOwQNBoWa4ATcFU/LWd2+28AAAAASUVORK5CYII=',
  'base64',
)

export function registerFavicon(app: CmsApp, ctx: AppContext): void {
  defineRoutes(app, ctx, [{
    method: 'GET', path: '/favicon.ico', produces: 'file', ability: null, summary: 'The site icon (browsers ask for it on every page)',
    handler: () => new Response(new Uint8Array(FAVICON), {
      status: 200,
      headers: { 'content-type': 'image/x-icon', 'content-length': String(FAVICON.length), 'cache-control': 'public, max-age=604800', 'x-content-type-options': 'nosniff' },
    }),
  }])
}
