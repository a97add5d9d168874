#!/usr/bin/env node
// The API reference page (`GET /_docs`) renders /openapi.json with Redoc's standalone bundle.
// Redoc is a devDependency: its one self-contained script (and its licence notices) is copied
// into dist-docs/, which the package ships, so installs carry no React/MobX tree for it and the
// page works offline. The source-map comment is dropped: the 4 MB map is not shipped. The
// sidebar's "API docs by Redocly" badge loads its logo from Redocly's CDN: the one request the
// bundle makes to another host. Its URL becomes an empty data: image (the badge hides its
// image when it fails to load), so no request leaves the origin; the build fails if a Redoc
// upgrade moves it, so the test of the page in Chromium is never the first to notice.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const bundle = require.resolve('redoc/bundles/redoc.standalone.js')
const pkgDir = dirname(dirname(bundle))
const out = join(root, 'dist-docs')
mkdirSync(out, { recursive: true })
const LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'
const source = readFileSync(bundle, 'utf8')
if (source.split(LOGO).length !== 2) throw new Error(`redoc.standalone.js: expected the one reference to ${LOGO}; check the bundle after a Redoc upgrade`)
const js = source.replace(LOGO, 'data:,').replace(/\n?\/\/# sourceMappingURL=redoc\.standalone\.js\.map\s*$/, '\n')
writeFileSync(join(out, 'redoc.standalone.js'), js)
copyFileSync(`${bundle}.LICENSE.txt`, join(out, 'redoc.standalone.js.LICENSE.txt'))
copyFileSync(join(pkgDir, 'LICENSE'), join(out, 'LICENSE'))
const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
writeFileSync(join(out, 'VERSION'), `redoc ${version}\n`)
