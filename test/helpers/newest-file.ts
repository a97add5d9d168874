import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The newest modification time (ms) of any file under dir; 0 when it does not exist. */
export function newestUnder(dir: string): number {
  let max = 0
  try {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) max = Math.max(max, statSync(join(dir, name)).mtimeMs)
  } catch {
    return 0
  }
  return max
}

/** The modification time (ms) of a file; 0 when it does not exist. */
export function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs
  } catch {
    return 0
  }
}

/** The newest modification time of what dist/ is built from: src/ and the build's configs. */
export function newestSource(root: string): number {
  return Math.max(newestUnder(join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'tsconfig.types.json', 'package.json'].map((f) => modifiedAt(join(root, f))))
}
