import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'

interface Opts { dir?: string; out?: string; json?: boolean }

/** `cms openapi`: the OpenAPI 3.1 document `GET /openapi.json` serves (the app in this process answers without a server). */
export function registerOpenApi(program: Command): void {
  program
    .command('openapi')
    .description('print (or --out FILE) the OpenAPI 3.1 document of the API, from the collection schemas')
    .option('-o, --out <file>', 'write to this file (default: stdout)')
    .addOption(dirOption())
    .addOption(jsonOption())
    .action(async (opts: Opts) => {
      const { resolve } = await import('node:path')
      const { readFile } = await import('node:fs/promises')
      const { writeGenerated } = await import('../../codegen/load.ts')
      const { reading, withApi } = await import('../../connect/target.ts')
      const doc = await withApi(reading(opts.dir ? { dir: opts.dir } : {}), (api) => api.request<Record<string, unknown>>('GET', '/openapi.json'))
      const text = `${JSON.stringify(doc, null, 2)}\n`
      if (!opts.out) {
        process.stdout.write(text)
        return
      }
      const file = resolve(opts.out)
      const changed = await writeGenerated(file, text, await readFile(file, 'utf8').catch(() => null))
      if (opts.json) printJson({ file, changed, paths: Object.keys(doc.paths as object).length })
      else process.stdout.write(changed ? `Wrote ${opts.out}.\n` : `${opts.out} is up to date.\n`)
    })
}
