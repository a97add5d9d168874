import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { cms } from '../../helpers/cli.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/** Every docs/*.md a help text names is in the installed package, and help says where. */
describe('CLI help and the docs it names', () => {
  it('every docs/*.md named in a command\'s help is a file npm packs', async () => {
    const named = new Set<string>()
    const walk = async (dir: string): Promise<void> => {
      for (const d of await readdir(dir, { withFileTypes: true })) {
        if (d.isDirectory()) await walk(join(dir, d.name))
        else if (d.name.endsWith('.ts')) {
          for (const line of (await readFile(join(dir, d.name), 'utf8')).split('\n')) {
            if (!/\.(description|option|requiredOption|addHelpText|summary)\(|new Option\(/.test(line)) continue
            for (const m of line.matchAll(/docs\/[\w-]+\.md/g)) named.add(m[0])
          }
        }
      }
    }
    await walk(join(ROOT, 'src/cli'))
    expect(named.size).toBeGreaterThan(0)
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT })
    const packed = new Set((JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path))
    for (const file of named) expect(packed, file).toContain(file)
  }, 30_000)

  it('help that names a doc prints the folder holding it', async () => {
    for (const args of [['--help'], ['git', '--help'], ['serve', '--help']]) {
      const result = await cms(args)
      const folder = /Docs \(.*\): (\S+)/.exec(result.stdout)?.[1]
      expect(folder, args.join(' ')).toBeDefined()
      expect(existsSync(join(folder!, 'cli.md'))).toBe(true)
      for (const m of result.stdout.matchAll(/docs\/([\w-]+\.md)/g)) expect(existsSync(join(folder!, m[1]!)), m[0]).toBe(true)
    }
  })
})
