import { ScopedStorage } from './scoped-storage.ts'

/**
 * The name of who is writing, for the records that keep it (a version's `created_by`): a
 * token's or an editor session's name. The HTTP layer opens it around each write; CLI
 * commands and the local admin token write without one (the local identity).
 */
export const writerName = new ScopedStorage<string>()
