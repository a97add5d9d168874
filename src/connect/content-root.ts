import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError, EXIT } from './errors.ts'

/**
 * Refuses to run on a folder that is not a content root: a CI gate pointed at the wrong
 * folder must fail, not report "0 problems" over files it does not understand.
 */
export async function requireContentRoot(root: string): Promise<void> {
  const dir = await stat(root).catch(() => null)
  if (!dir) throw new CliError(`${root} does not exist: not a cms content root. Pass --dir <content root> (the folder with project.yaml) or run \`cms init\`.`, EXIT.cannotRun)
  if (!dir.isDirectory()) throw new CliError(`${root} is a file, not a cms content root. Pass --dir <content root> (the folder with project.yaml).`, EXIT.cannotRun)
  const project = await stat(join(root, 'project.yaml')).catch(() => null)
  if (!project?.isFile()) throw new CliError(`${root} is not a cms content root (no project.yaml). Pass --dir <content root>, or run \`cms init\` there.`, EXIT.cannotRun)
}
