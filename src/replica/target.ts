import { git, GitError } from '../git/exec.ts'
import type { GitRepo } from '../git/repo.ts'

/** What a replica follows: a remote of its own clone and a branch there. */
export interface FollowTarget {
  remote: string
  branch: string
}

/**
 * Reads `<remote>[/<branch>]` against the clone's configured remotes. Remote names may hold a
 * `/` themselves, so the longest remote the spec starts with wins. Without a branch: the
 * upstream of the checked-out branch when it is on that remote, else the checked-out branch's
 * name, else (detached HEAD) the remote's default branch.
 */
export async function resolveTarget(repo: GitRepo, spec: string): Promise<FollowTarget> {
  const remotes = (await git(['remote'], { cwd: repo.top })).stdout.split('\n').map((l) => l.trim()).filter(Boolean)
  const known = remotes.length > 0 ? `it has ${remotes.map((r) => `"${r}"`).join(', ')}` : 'it has none (add one with `git remote add origin <url>`)'
  let remote = remotes.includes(spec) ? spec : undefined
  let branch: string | undefined
  if (!remote) {
    remote = remotes.filter((r) => spec.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0]
    if (!remote) throw new GitError(`the clone has no git remote named ${JSON.stringify(spec.split('/')[0])}; ${known}.`)
    branch = spec.slice(remote.length + 1)
  }
  branch ??= await defaultBranch(repo, remote)
  if (!(await isBranchName(repo, branch))) throw new GitError(`${JSON.stringify(branch)} is not a valid branch name.`)
  return { remote, branch }
}

async function defaultBranch(repo: GitRepo, remote: string): Promise<string> {
  const read = async (args: string[]) => {
    const r = await git(args, { cwd: repo.top, okCodes: [1, 128] })
    return r.code === 0 ? r.stdout.trim() : ''
  }
  const current = await read(['symbolic-ref', '--short', '-q', 'HEAD'])
  if (current) {
    const upstreamRemote = await read(['config', '--get', `branch.${current}.remote`])
    const upstream = await read(['config', '--get', `branch.${current}.merge`])
    if (upstreamRemote === remote && upstream.startsWith('refs/heads/')) return upstream.slice('refs/heads/'.length)
    return current
  }
  const remoteHead = await read(['symbolic-ref', '--short', '-q', `refs/remotes/${remote}/HEAD`])
  if (remoteHead.startsWith(`${remote}/`)) return remoteHead.slice(remote.length + 1)
  throw new GitError(`HEAD is detached and the remote's default branch is unknown; name the branch (--follow ${remote}/main).`)
}

async function isBranchName(repo: GitRepo, name: string): Promise<boolean> {
  if (!name || name.startsWith('-') || name.length > 200) return false
  return (await git(['check-ref-format', '--branch', name], { cwd: repo.top, okCodes: [1, 128] })).code === 0
}
