import { describeRateLimit, reloadConfig } from '../../config.ts'
import type { AppContext } from '../../context.ts'

/**
 * Re-reads the configuration (environment and `.env` beside the content dir) when the process
 * gets SIGHUP, the local equivalent of the hosted service's "clear the configuration cache":
 * `kill -HUP <pid>` applies a new `API_RATE_LIMIT_PER_MINUTE` without a restart. An invalid
 * value keeps the previous configuration and says why on stderr. The listener is removed
 * when the context closes.
 */
export function reloadConfigOnSignal(ctx: AppContext, signal: NodeJS.Signals = 'SIGHUP'): void {
  if (process.platform === 'win32') return
  const onSignal = () => {
    try {
      ctx.config = reloadConfig(ctx.config)
      process.stderr.write(`cms: configuration reloaded (${signal}); rate limit: ${describeRateLimit(ctx.config)}\n`)
    } catch (error) {
      process.stderr.write(`cms: configuration NOT reloaded (${signal}), keeping the previous one: ${(error as Error).message}\n`)
    }
  }
  process.on(signal, onSignal)
  ctx.disposers.push(() => {
    process.off(signal, onSignal)
  })
}
