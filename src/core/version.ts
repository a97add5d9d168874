import { readFileSync } from 'node:fs'

/** The package's version, read from package.json (the one place it is written). */
export const packageVersion: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
