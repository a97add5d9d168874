import { readFileSync } from 'node:fs'
import { packageDir } from './package-dir.ts'

/** The package's version, read from package.json (the one place it is written). */
export const packageVersion: string = (JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as { version: string }).version
