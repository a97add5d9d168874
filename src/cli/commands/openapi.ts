import type { Command } from 'commander'
import { dirOption, jsonOption } from '../options.ts'
import { printJson } from '../output.ts'

interface Opts { dir?: string; out?: string; json?: boolean }

/** `cms openapi`: the OpenAPI 3.1 document `GET /openapi.json` serves, without a server. */
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
      const { generateOpenApi } = await import('../../codegen/openapi.ts')
      const { loadConfig } = await import('../../config.ts')
      const { ContentStore } = await import('../../storage/store.ts')
      const { collectRoutes } = await import('../../server/http/route-inventory.ts')
      const { writeGenerated } = await import('../../codegen/load.ts')
      const { packageVersion } = await import('../../core/version.ts')
      const config = loadConfig(opts.dir ? { dir: opts.dir } : {})
      const store = await ContentStore.open(config.contentDir, { stateDir: config.stateDir })
      const doc = generateOpenApi(store.project, store.sortedCollections(), await collectRoutes(), packageVersion)
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
