import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { modifiedAt, newestUnder } from '../../../helpers/newest-file.ts'

/**
 * The editor tests drive the built editor (dist-ui/, what `cms serve` ships). `npm ci` builds it
 * (prepare); build it here when it is missing or older than a file under ui/ (an edit since the
 * last build would otherwise be tested as the old bundle). Only when editor tests are part of the run.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../../../..', import.meta.url))
  if (modifiedAt(join(root, 'dist-ui', 'index.html')) > newestUnder(join(root, 'ui')) && !process.env.CMS_REBUILD_UI) return
  // NODE_ENV as `npm run build:ui` has it: vitest sets `test`, with which Vite builds React's
  // development bundle (half as large again), and the editor's size budget would measure that.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'ui/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}
