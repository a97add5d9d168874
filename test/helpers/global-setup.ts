import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { modifiedAt, newestSource } from './newest-file.ts'

/**
 * CLI tests spawn bin/cms.mjs, which runs dist/ (through its bundle): build it before any test, unless dist/ is newer
 * than every source file (`npm ci` builds it in `prepare`; rebuilding costs ~40 s of a 2-core run).
 * CMS_TEST_BUILT=1 skips the check too (a loop of edit, `tsc -p tsconfig.build.json`, run one file).
 */
export default function setup(): void {
  if (process.env.CMS_TEST_BUILT === '1') return
  const root = fileURLToPath(new URL('../..', import.meta.url))
  if (modifiedAt(join(root, 'dist', 'index.js')) <= newestSource(root)) {
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
    } catch {
      // Type errors still emit (noEmitOnError is off); `npm run typecheck` reports them.
    }
  }
  // bin/cms.mjs runs the CLI bundle only when it is as new as tsc's output (else the slower modules):
  // bundle again after a build, so the spawned commands run what users run (~1 s).
  if (modifiedAt(join(root, 'dist', 'bundle', 'index.cjs')) < modifiedAt(join(root, 'dist', 'cli', 'index.js'))) {
    execFileSync(process.execPath, ['scripts/bundle-cli.mjs'], { cwd: root, stdio: 'pipe' })
  }
}
