import { fileURLToPath } from 'node:url'

/**
 * The package's root folder (package.json, docs/, schemas/, dist-ui/, dist-docs/). Computed here,
 * two folders up from this module, and nowhere else: the same holds for src/core/ (tests),
 * dist/core/ (tsc) and dist/bundle/ (the CLI bundle, scripts/bundle-cli.mjs), where this module's
 * code lands in dist/bundle/index.cjs, at the same depth.
 */
export const packageDir: URL = new URL('../../', import.meta.url)

/** The absolute path of a folder or file of the package (`packagePath('dist-ui/')`). */
export const packagePath = (relative: string): string => fileURLToPath(new URL(relative, packageDir))
