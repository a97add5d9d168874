import { spawnSync } from 'node:child_process'
import { userInfo } from 'node:os'

let cached: string | undefined

/** Who a sign-in link's session is: `git config user.name`, else the OS user, else "Local editor". */
export function localEditorName(cwd: string): string {
  if (cached !== undefined) return cached
  let name = ''
  try {
    const r = spawnSync('git', ['config', 'user.name'], { cwd, encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] })
    if (r.status === 0) name = r.stdout.trim()
  } catch {
    name = ''
  }
  if (!name) {
    try {
      name = userInfo().username.trim()
    } catch {
      name = ''
    }
  }
  cached = name.slice(0, 100) || 'Local editor'
  return cached
}
