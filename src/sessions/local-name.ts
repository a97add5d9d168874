import { userInfo } from 'node:os'
import { spawnViaHelper } from '../core/spawner.ts'

/** Per folder: the name is looked up once, and two projects served by one process keep their own. */
const names = new Map<string, Promise<string>>()

/**
 * Who a sign-in link's session is: `git config user.name` in `cwd`, else the OS user, else
 * "Local editor". git runs from the spawner's helper and is awaited: the sign-in request no
 * longer stops the server's event loop for a fork and for git (up to 2 s).
 */
export function localEditorName(cwd: string): Promise<string> {
  let name = names.get(cwd)
  if (!name) {
    name = lookUp(cwd)
    names.set(cwd, name)
  }
  return name
}

async function lookUp(cwd: string): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined))
  const answer = await spawnViaHelper({ command: 'git', args: ['config', 'user.name'], cwd, env, timeoutMs: 2000 }).catch(() => null)
  let name = answer?.code === 0 ? answer.stdout.toString('utf8').trim() : ''
  if (!name) {
    try {
      name = userInfo().username.trim()
    } catch {
      name = ''
    }
  }
  return name.slice(0, 100) || 'Local editor'
}
