import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** CLI tests spawn bin/cms.mjs, which runs dist/: build it once before any test. */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
  } catch {
    // Type errors still emit (noEmitOnError is off); `npm run typecheck` reports them.
  }
}
