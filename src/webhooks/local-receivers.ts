import type { ResolvedConfig } from '../config.ts'
import type { UrlRules } from './url-safety.ts'

/**
 * The receiver rules in force. A server that listens on loopback only (and a CLI command
 * run without a server) is a developer's machine: there loopback receivers (a site's
 * revalidate endpoint on localhost) are allowed by default, over plain `http://` too; any
 * other receiver still needs https (its body and signature would cross a network). Any other
 * bind keeps the strict rules. `WEBHOOK_ALLOW_INSECURE_HTTP` and `WEBHOOK_ALLOW_PRIVATE_HOSTS`,
 * when set (true or false), always win.
 */
export function receiverRules(config: ResolvedConfig, loopbackOnly: boolean): UrlRules {
  const env = config.env
  const set = (name: string) => (env[name] ?? '').trim() !== ''
  return {
    allowInsecureHttp: set('WEBHOOK_ALLOW_INSECURE_HTTP') && config.webhookAllowInsecureHttp,
    allowLoopbackHttp: set('WEBHOOK_ALLOW_INSECURE_HTTP') ? config.webhookAllowInsecureHttp : loopbackOnly,
    allowPrivateHosts: config.webhookAllowPrivateHosts,
    allowLoopbackHosts: set('WEBHOOK_ALLOW_PRIVATE_HOSTS') ? config.webhookAllowPrivateHosts : loopbackOnly,
  }
}
