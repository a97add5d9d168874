// Writes a generated file, or with --check fails (exit 1, nothing written) when it is out of date:
// the one rule of scripts/gen-*.mjs, which a unit test or CI runs with --check.
import { readFile, writeFile } from 'node:fs/promises'

/** `file`: absolute path; `label`: how messages name it; `command`: what brings it up to date. */
export async function writeGenerated(file, after, { label, command, before }) {
  const current = before ?? await readFile(file, 'utf8').catch(() => '')
  if (process.argv.includes('--check')) {
    if (after !== current) {
      console.error(`${label} is out of date: run \`${command}\``)
      process.exit(1)
    }
    console.log(`${label} is up to date`)
  } else if (after !== current) {
    await writeFile(file, after)
    console.log(`${label} updated`)
  } else {
    console.log(`${label} already up to date`)
  }
}
