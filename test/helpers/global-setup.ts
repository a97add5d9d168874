import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * CLI tests spawn bin/cms.mjs, which runs dist/: build it once before any test.
 * CMS_TEST_BUILT=1 says dist/ is already built from this tree (a loop of edit, `tsc -p tsconfig.build.json`, run one file).
 */
export default function setup(): void {
  if (process.env.CMS_TEST_BUILT === '1') return
  const root = fileURLToPath(new URL('../..', import.meta.url))
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
  } catch {
    // Type errors still emit (noEmitOnError is off); `npm run typecheck` reports them.
  }
}
