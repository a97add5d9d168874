import { ScopedStorage } from './scoped-storage.ts'

/**
 * Who made a change, for the editor's activity feed, when the store's `source` cannot say:
 * a CLI command that reaches a running server writes through its HTTP API (source `api`).
 * Only requests made with the local admin token run inside it (see server/http/route.ts), and
 * its hook is off between them (ScopedStorage), so ordinary API traffic pays nothing for it.
 */
export const changeOrigin = new ScopedStorage<'cli'>()
