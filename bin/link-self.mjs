#!/usr/bin/env node
// npm links the bins of dependencies into node_modules/.bin, never the package's own. Scripts
// and `npx cms` in a clone expect node_modules/.bin/cms, so `prepare` links it here.
import { mkdirSync, symlinkSync, rmSync, chmodSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('..', import.meta.url))
const binDir = join(root, 'node_modules', '.bin')
mkdirSync(binDir, { recursive: true })
const link = join(binDir, 'cms')
rmSync(link, { force: true })
symlinkSync('../../bin/cms.mjs', link)
chmodSync(join(root, 'bin', 'cms.mjs'), 0o755)
