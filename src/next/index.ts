/**
 * `cms-content-server/next`: App Router route handlers and a fetch helper for Next.js (the
 * Node.js runtime). docs/site-builds.md has a complete app.
 */
export { createDraftModeHandler, type DraftModeOptions, type DraftEntry } from './draft-mode.ts'
export { createRevalidateHandler, type RevalidateOptions, type CmsChange } from './revalidate.ts'
export { cmsFetch, CmsFetchError, type CmsFetchOptions } from './fetch.ts'
export type { CmsServer } from './options.ts'
