import type { AppContext } from '../context.ts'
import { GitCommitter } from './committer.ts'

/**
 * Starts committing a context's writes. Throws (the caller refuses to start) when the content
 * root is not in a git work tree or git is missing. On close, waiting commits are made after
 * the last write reached the disk.
 */
export async function startCommitter(ctx: AppContext): Promise<GitCommitter> {
  const committer = await GitCommitter.start(ctx.store, {
    windowMs: ctx.config.gitWindowMs,
    template: ctx.config.gitMessage,
    log: (line) => console.error(`[cms] ${line}`),
  })
  ctx.disposers.push(async () => {
    await ctx.store.flush()
    await committer.close()
  })
  return committer
}
