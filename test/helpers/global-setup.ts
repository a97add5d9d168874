import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { modifiedAt, newestUnder } from './newest-file.ts'

/**
 * CLI tests spawn bin/cms.mjs, which runs dist/: build it before any test, unless dist/ is newer
 * than every source file (`npm ci` builds it in `prepare`; rebuilding costs ~40 s of a 2-core run).
 * CMS_TEST_BUILT=1 skips the check too (a loop of edit, `tsc -p tsconfig.build.json`, run one file).
 */
export default function setup(): void {
  if (process.env.CMS_TEST_BUILT === '1') return
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const sources = Math.max(newestUnder(join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => modifiedAt(join(root, f))))
  if (modifiedAt(join(root, 'dist', 'index.js')) > sources) return
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
  } catch {
    // Type errors still emit (noEmitOnError is off); `npm run typecheck` reports them.
  }
}
