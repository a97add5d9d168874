import { readFile, stat } from 'node:fs/promises'
import { writeFileAtomic } from '../storage/atomic.ts'
import { fileProblem, type FileProblem } from '../storage/problems.ts'
import { scanTree } from './scan.ts'

/**
 * `cms fmt`: rewrites every file into the store's canonical form. Files that do not parse
 * or fail their schema are left alone and reported (fix them by hand first).
 */
export interface FmtReport {
  root: string
  files: number
  /** Files not in canonical form (rewritten unless `check`). */
  changed: string[]
  /** Files that could not be formatted. */
  problems: FileProblem[]
}

export async function formatTree(root: string, options: { check?: boolean } = {}): Promise<FmtReport> {
  const info = await stat(root).catch(() => null)
  if (!info?.isDirectory()) throw Object.assign(new Error(`No content directory at ${root}`), { cannotRun: true })
  const changed: Array<{ rel: string; abs: string; text: string; read: string }> = []
  const problems: FileProblem[] = []
  const state = await scanTree(root, (file) => {
    if (!file.result) return
    if (!file.result.ok) return void problems.push(file.result.problem)
    if (file.canonical !== undefined && file.canonical !== file.result.text) changed.push({ rel: file.rel, abs: file.abs, text: file.canonical, read: file.result.text })
  })
  const written: typeof changed = []
  if (!options.check) {
    for (const c of changed) {
      // Never write bytes computed from a read that another writer has overtaken since.
      if ((await readFile(c.abs, 'utf8').catch(() => null)) !== c.read) {
        problems.push(fileProblem('changed_while_formatting', c.rel, []))
        continue
      }
      await writeFileAtomic(c.abs, c.text, { durable: false })
      written.push(c)
    }
  }
  return { root, files: state.files, changed: (options.check ? changed : written).map((c) => c.rel), problems }
}
