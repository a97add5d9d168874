import { spawnViaHelper } from '../core/spawner.ts'

/**
 * Makes everything written under `dir` durable with one flush of its file system: `sync -f`
 * (syncfs(2)) writes every file's data and every folder's entries there at once. Why not one
 * fsync per file and folder: an import of 100k entries has ~180k files in ~80k folders (one
 * versions folder per entry), and each fsync waits for a journal commit. Without `sync -f`
 * (not GNU coreutils), `sync` flushes every file system. Returns false when neither could run.
 * Run from the spawner's helper: a fork of this process would copy its page tables first.
 * Used by the import and by schema rewrites, which both write thousands of files without fsync.
 */
export async function flushFileSystem(dir: string): Promise<boolean> {
  for (const args of [['-f', dir], []]) {
    const answer = await spawnViaHelper({ command: 'sync', args, cwd: dir, env: { PATH: process.env.PATH ?? '' }, timeoutMs: 300_000 }).catch(() => null)
    if (answer?.code === 0) return true
  }
  return false
}
