/**
 * `cms-content-server/astro`: Astro content loaders (Astro 6 and 7, Node 22.12 or newer, which
 * Astro needs; only Astro loads this entry, so the package itself keeps running on Node 20).
 * docs/site-builds.md has a complete site.
 */
export { cmsLoader, type CmsLoaderOptions } from './loader.ts'
export { cmsLiveLoader, type CmsLiveLoaderOptions, type CmsEntryFilter, type CmsCollectionFilter } from './live.ts'
export type { AstroReference } from './data.ts'
export type { ApiEntry } from './source.ts'
