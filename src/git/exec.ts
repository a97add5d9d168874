import { spawnViaHelper, SpawnFailed } from '../core/spawner.ts'

/**
 * Runs the user's own `git` in a child process (started by spawner.ts's helper, so this process
 * is never forked): the event loop only waits, never computes.
 * No JavaScript re-implementation of git; a missing executable is a clear error.
 */
export class GitError extends Error {
  override name = 'GitError'
  readonly stderr: string
  readonly exitCode: number | null
  constructor(message: string, stderr = '', exitCode: number | null = null) {
    super(message)
    this.stderr = stderr
    this.exitCode = exitCode
  }
}

export interface GitRun {
  cwd: string
  /** Extra environment (GIT_INDEX_FILE, author identity); the rest is inherited. */
  env?: Record<string, string | undefined>
  /** Written to stdin (for `--pathspec-from-file=-`, `--index-info`, ...). */
  input?: string
  /** Exit codes that are not an error (e.g. 1 for `git add` naming an ignored path). */
  okCodes?: number[]
  /** Run at a lower CPU priority: background commits must not slow the requests being answered. */
  background?: boolean
  /** Ends the child (SIGTERM) when aborted: a network fetch must not outlive the server. */
  signal?: AbortSignal
  /** Ends the child (SIGTERM) after this many ms: a remote that never answers. */
  timeoutMs?: number
}

export interface GitResult {
  /** stdout as bytes (blob contents). */
  bytes: Buffer
  stdout: string
  stderr: string
  code: number
}

export async function git(args: string[], options: GitRun): Promise<GitResult> {
  // Inherited GIT_DIR / GIT_INDEX_FILE (a cms run from inside a hook) would point git elsewhere.
  const env: Record<string, string | undefined> = { ...process.env, GIT_DIR: undefined, GIT_WORK_TREE: undefined, GIT_INDEX_FILE: undefined, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...options.env }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  let answer
  try {
    answer = await spawnViaHelper({
      command: 'git', args, cwd: options.cwd, env: env as Record<string, string>,
      ...(options.input !== undefined ? { input: options.input } : {}), ...(options.background ? { background: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new GitError(`git ${args[0]} was stopped (the server is closing)`)
    const code = error instanceof SpawnFailed ? error.code : undefined
    throw code === 'ENOENT' ? new GitError('git is not installed or not on PATH (install git, or leave git commits off)') : new GitError(`git could not run: ${(error as Error).message}`)
  }
  const { code, signal } = answer
  const bytes = answer.stdout
  const stdout = bytes.toString('utf8')
  const stderr = answer.stderr.toString('utf8')
  if (code === 0 || (code !== null && options.okCodes?.includes(code))) return { bytes, stdout, stderr, code: code ?? 0 }
  if (code === null && options.timeoutMs) throw new GitError(`git ${args[0]} took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped (${signal ?? 'killed'})`, stderr, code)
  throw new GitError(firstLine(stderr) || `git ${args[0]} failed (exit ${code})`, stderr, code)
}

/** The line of git's complaint worth showing (skips `hint:` lines). */
export function firstLine(stderr: string): string {
  return stderr.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('hint:')) ?? ''
}
