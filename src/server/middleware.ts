import type { H3 } from 'h3'
import type { AppContext } from '../context.ts'

/**
 * Cross-cutting request handling (rate limits, CORS, body limits) registered before any
 * route. The access-control issue fills this in.
 */
export function registerMiddleware(_app: H3, _ctx: AppContext): void {}
