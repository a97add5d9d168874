import type { ResolvedConfig } from '../config.ts'
import type { ContentStore } from '../storage/store.ts'
import { GitCommitter } from './committer.ts'

/**
 * Starts committing a store's writes. Throws (the caller refuses to start) when the content
 * root is not in a git work tree or git is missing. `stop` makes the waiting commits after the
 * last write reached the disk: the context runs it on close.
 */
export async function startCommitter(store: ContentStore, config: Pick<ResolvedConfig, 'gitWindowMs' | 'gitMessage'>): Promise<{ committer: GitCommitter; stop(): Promise<void> }> {
  const committer = await GitCommitter.start(store, {
    windowMs: config.gitWindowMs,
    template: config.gitMessage,
    log: (line) => console.error(`[cms] ${line}`),
  })
  return {
    committer,
    async stop() {
      await store.flush()
      await committer.close()
    },
  }
}
