import type { ResolvedConfig } from '../config.ts'
import type { ContentStore } from '../storage/store.ts'
import { GitCommitter } from './committer.ts'
import { forTerminal } from '../core/terminal.ts'

/**
 * Starts committing a store's writes. Throws (the caller refuses to start) when the content
 * root is not in a git work tree or git is missing. `stop` makes the waiting commits after the
 * last write reached the disk: the context runs it on close.
 */
export async function startCommitter(store: ContentStore, config: Pick<ResolvedConfig, 'gitWindowMs' | 'gitMessage'>): Promise<{ committer: GitCommitter; stop(): Promise<void> }> {
  const committer = await GitCommitter.start(store, {
    windowMs: config.gitWindowMs,
    template: config.gitMessage,
    // Lines quote commit messages, which quote entry titles.
    log: (line) => console.error(`[cms] ${forTerminal(line, { multiline: true })}`),
  })
  return {
    committer,
    async stop() {
      await store.flush()
      await committer.close()
    },
  }
}
