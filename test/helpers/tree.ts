import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under `root` with its text, by relative path: to show a tree was left exactly as it was. */
export async function snapshotTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out.set(path.slice(root.length + 1), await readFile(path, 'utf8'))
  }
  return out
}
