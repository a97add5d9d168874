import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The newest modification time of any file under dir (0 when it does not exist). */
function newest(dir: string): number {
  let max = 0
  try {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) max = Math.max(max, statSync(join(dir, name)).mtimeMs)
  } catch {
    return 0
  }
  return max
}

/**
 * The editor tests drive the built editor (dist-ui/, what `cms serve` ships). `npm ci` builds it
 * (prepare); build it here when it is missing or older than a file under ui/ (an edit since the
 * last build would otherwise be tested as the old bundle). Only when editor tests are part of the run.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../../../..', import.meta.url))
  let built = 0
  try {
    built = statSync(join(root, 'dist-ui', 'index.html')).mtimeMs
  } catch {
    built = 0
  }
  if (built > newest(join(root, 'ui')) && !process.env.CMS_REBUILD_UI) return
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'ui/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}
