import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'

interface Opts { dir?: string; out?: string; check?: boolean; json?: boolean }

/**
 * `cms types`: TypeScript declarations from the collection schemas (codegen/types.ts), to
 * stdout or `--out FILE`. `--check` compares instead of writing: exit 1 when the file is stale.
 */
export function registerTypes(program: Command): void {
  program
    .command('types')
    .description('generate TypeScript types for the collections (one .ts module); --check for CI')
    .option('-o, --out <file>', 'write to this file (default: stdout)')
    .option('--check', 'exit 1 if --out FILE is missing or differs from what would be generated')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const { readFile } = await import('node:fs/promises')
      const { resolve } = await import('node:path')
      const { generateTypes } = await import('../../codegen/types.ts')
      const { loadCollections } = await import('../../codegen/load.ts')
      if (opts.check && !opts.out) throw new CliError('--check needs --out FILE: the file to compare', EXIT.cannotRun) // a usage error (docs/cli.md)
      const text = generateTypes(await loadCollections(opts.dir))
      if (!opts.out) {
        process.stdout.write(text)
        return
      }
      const file = resolve(opts.out)
      const current = await readFile(file, 'utf8').catch(() => null)
      if (opts.check) {
        const fresh = current === text
        if (opts.json) printJson({ file, fresh })
        if (!fresh) {
          throw new CliError(`${opts.out} is ${current === null ? 'missing' : 'stale'}: the collection schemas changed. Run \`cms types --out ${opts.out}\` and commit it.`)
        }
        if (!opts.json) process.stdout.write(`${opts.out} is up to date.\n`)
        return
      }
      const { writeGenerated } = await import('../../codegen/load.ts')
      const changed = await writeGenerated(file, text, current)
      if (opts.json) printJson({ file, changed })
      else process.stdout.write(changed ? `Wrote ${opts.out}.\n` : `${opts.out} is up to date.\n`)
    })
}
