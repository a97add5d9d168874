import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/
/** Below this a compressed copy saves too little to be worth a file (and a disk read). */
const MIN_BYTES = 1024

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside each text file of the
 * build, once: `cms serve` sends them to a client whose Accept-Encoding asks
 * (src/server/admin/static.ts) and never compresses editor files per request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'cms-precompress',
    apply: 'build',
    configResolved(config) { outDir = config.build.outDir },
    async closeBundle() {
      const files = await walk(outDir)
      await Promise.all(files.filter((f) => TEXT.test(f)).map(async (file) => {
        const bytes = await readFile(file)
        if (bytes.length < MIN_BYTES) return
        const [b, g] = await Promise.all([
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gz(bytes, { level: 9 }),
        ])
        if (b.length < bytes.length) await writeFile(`${file}.br`, b)
        if (g.length < bytes.length) await writeFile(`${file}.gz`, g)
      }))
    },
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...(await walk(p)))
    else if (!e.name.endsWith('.br') && !e.name.endsWith('.gz')) out.push(p)
  }
  return out
}
