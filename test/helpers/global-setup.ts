import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The newest modification time of any file under dir (0 when it does not exist). */
function newest(dir: string): number {
  let max = 0
  let names: string[]
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  } catch {
    return 0
  }
  for (const name of names) max = Math.max(max, statSync(join(dir, name)).mtimeMs)
  return max
}

/**
 * CLI tests spawn bin/cms.mjs, which runs dist/: build it before any test, unless dist/ is newer
 * than every source file (`npm ci` builds it in `prepare`; rebuilding costs ~40 s of a 2-core run).
 * CMS_TEST_BUILT=1 skips the check too (a loop of edit, `tsc -p tsconfig.build.json`, run one file).
 */
export default function setup(): void {
  if (process.env.CMS_TEST_BUILT === '1') return
  const root = fileURLToPath(new URL('../..', import.meta.url))
  let built = 0
  try {
    built = statSync(join(root, 'dist', 'index.js')).mtimeMs
  } catch {
    built = 0
  }
  const sources = Math.max(newest(join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => statSync(join(root, f)).mtimeMs))
  if (built > sources) return
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' })
  } catch {
    // Type errors still emit (noEmitOnError is off); `npm run typecheck` reports them.
  }
}
