import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The editor tests drive the built editor (dist-ui/, what `cms serve` ships). `npm ci` builds it
 * (prepare); build it here when it is missing, e.g. after a fresh checkout without install.
 * Only when editor tests are part of the run.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../../../..', import.meta.url))
  if (existsSync(`${root}/dist-ui/index.html`) && !process.env.CMS_REBUILD_UI) return
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'ui/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}
