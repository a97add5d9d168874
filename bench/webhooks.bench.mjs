#!/usr/bin/env node
// Webhook delivery through a real server (dist/, child process, loopback) to real receivers in
// this process. Per round, in the same run:
//   A  baseline: N_API creates (10 concurrent clients), no webhook: API latency p50/p99
//   B  one healthy webhook: N_HOOK creates, all delivered; event-to-receipt p50/p99 (from the
//      create request's start to the receiver reading the delivery) and API latency
//   C  B plus a second webhook whose receiver sleeps 5 s per request: API latency p50/p99
//      (ratio to A and to B: must stay within 10%) and the healthy webhook's event-to-receipt
// ROUNDS rounds, medians. Targets: B p99 event-to-receipt < 100 ms; C/B API p99 <= 1.10.
//
//   node bench/webhooks.bench.mjs   (BENCH_HOOK=1000 BENCH_API=500 BENCH_ROUNDS=3)
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { children, median, pct } from './lib.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const data = join(root, 'bench/.data/webhooks')
const N_HOOK = Number(process.env.BENCH_HOOK ?? 1000)
const N_API = Number(process.env.BENCH_API ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CLIENTS = 10



async function pool(n, workers, fn) {
  let next = 0
  await Promise.all(Array.from({ length: workers }, async () => { while (next < n) await fn(next++) }))
}

const field = (name, type) => ({
  type, label: name, name, description: null, placeholder: null,
  options: { repeatable: false, multiple: false, hiddenInAPI: false },
  validations: { unique: { status: false, message: null }, required: { status: false, message: null }, charcount: { max: null, min: null, type: 'Between', status: false, message: null } },
})
const template = {
  format: 'elmapicms', version: 1, type: 'project', name: 'Webhook bench', default_locale: 'en', locales: ['en'], public_api: true,
  collections: [{ name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('title', 'text'), field('body', 'longtext')] }],
  demo_data: [],
}

/**
 * Receivers in their own process, so receiving deliveries does not slow this process's clients
 * (which would inflate the API latency we measure). The healthy one records, per entry title,
 * when the delivery was read (wall clock, ms); the slow one answers after 5 s.
 */
async function receivers() {
  const script = `
    const { createServer } = await import('node:http')
    const receipts = new Map()
    const make = (sleepMs, record) => new Promise((resolve) => {
      const server = createServer((req, res) => {
        const chunks = []
        req.on('data', (c) => chunks.push(c))
        req.on('end', () => {
          const at = performance.timeOrigin + performance.now()
          if (record) {
            try {
              const title = JSON.parse(Buffer.concat(chunks).toString('utf8')).content_entry?.fields?.title
              if (title && !receipts.has(title)) receipts.set(title, at)
            } catch {}
          }
          const answer = () => { res.writeHead(200); res.end('ok') }
          if (sleepMs) setTimeout(answer, sleepMs)
          else answer()
        })
      })
      server.listen(0, '127.0.0.1', () => resolve('http://127.0.0.1:' + server.address().port + '/hook'))
    })
    const healthy = await make(0, true)
    const slow = await make(5000, false)
    process.on('message', (m) => {
      if (m.cmd === 'count') process.send({ id: m.id, count: [...receipts.keys()].filter((k) => k.startsWith(m.prefix + '-')).length })
      if (m.cmd === 'dump') process.send({ id: m.id, receipts: [...receipts] })
    })
    process.send({ id: 0, healthy, slow })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  children.add(child)
  const waiting = new Map()
  let seq = 0
  child.on('message', (m) => { waiting.get(m.id)?.(m); waiting.delete(m.id) })
  const ask = (msg) => new Promise((resolve) => { const id = ++seq; waiting.set(id, resolve); child.send({ ...msg, id }) })
  const urls = await new Promise((resolve) => waiting.set(0, resolve))
  return {
    healthy: urls.healthy, slow: urls.slow,
    count: async (prefix) => (await ask({ cmd: 'count', prefix })).count,
    dump: async () => new Map((await ask({ cmd: 'dump' })).receipts),
    close: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); children.delete(child) }),
  }
}

async function startServer(contentDir) {
  const script = `
    const { runServer } = await import(${JSON.stringify(join(root, 'dist/server/lifecycle/run.js'))})
    const s = await runServer({ dir: ${JSON.stringify(contentDir)}, port: 0, host: '127.0.0.1' })
    process.stdout.write(JSON.stringify({ url: s.http.url, token: s.ctx.localAdminToken, project: s.ctx.store.project.uuid }) + '\\n')
    process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))`
  const env = { ...process.env, API_RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_INSECURE_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
  children.add(child)
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const info = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0])) })
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  return { ...info, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); children.delete(child) }) }
}

async function round(r) {
  const dir = join(data, `round-${r}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'template.json'), JSON.stringify(template))
  const { importTemplate } = await import(join(root, 'dist/import/template.js'))
  await importTemplate(join(dir, 'template.json'), join(dir, 'content'))
  const server = await startServer(join(dir, 'content'))
  const headers = { 'project-id': server.project, authorization: `Bearer ${server.token}`, 'content-type': 'application/json', accept: 'application/json' }
  const post = async (path, body) => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const json = await res.json()
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`)
    return json
  }
  // Sent-at per title, so a delivery that arrives before its create's answer is still matched.
  const sentAt = new Map()
  const answeredAt = new Map()
  const rx = await receivers()
  const creates = async (n, prefix) => {
    const api = []
    await pool(n, CLIENTS, async (i) => {
      const title = `${prefix}-${i}`
      const t0 = performance.now()
      sentAt.set(title, performance.timeOrigin + t0)
      await post('/posts', { data: { title, body: 'Lorem ipsum dolor sit amet. '.repeat(8) } })
      const t1 = performance.now()
      answeredAt.set(title, performance.timeOrigin + t1)
      api.push(t1 - t0)
    })
    return api
  }
  const waitDelivered = async (prefix, n) => {
    const deadline = Date.now() + 60_000
    for (;;) {
      const got = await rx.count(prefix)
      if (got >= n) return
      if (Date.now() > deadline) throw new Error(`only ${got}/${n} deliveries arrived within 60 s`)
      await new Promise((res) => setTimeout(res, 20))
    }
  }
  // Event time = the create's answer (the event is durable in the outbox just before it); a
  // delivery that beats the answer to the client counts as 0. `fromStart` adds the API latency.
  let receipts = new Map()
  const latencies = (prefix, from = answeredAt) => [...receipts].filter(([k]) => k.startsWith(`${prefix}-`)).map(([k, at]) => Math.max(0, at - from.get(k)))
  try {
    await creates(50, 'warm')
    const a = await creates(N_API, 'a')
    await post('/webhooks', { name: 'healthy', url: rx.healthy, events: ['content.created'], sources: ['api'] })
    const b = await creates(N_HOOK, 'b')
    await waitDelivered('b', N_HOOK)
    await post('/webhooks', { name: 'slow', url: rx.slow, events: ['content.created'], sources: ['api'] })
    const c = await creates(N_API, 'c')
    await waitDelivered('c', N_API)
    receipts = await rx.dump()
    const eb = latencies('b')
    const ec = latencies('c')
    const sb = latencies('b', sentAt)
    return {
      apiA: { p50: pct(a, 50), p99: pct(a, 99) }, apiB: { p50: pct(b, 50), p99: pct(b, 99) }, apiC: { p50: pct(c, 50), p99: pct(c, 99) },
      e2eB: { p50: pct(eb, 50), p99: pct(eb, 99), n: eb.length }, startB: { p50: pct(sb, 50), p99: pct(sb, 99) }, e2eC: { p50: pct(ec, 50), p99: pct(ec, 99), n: ec.length },
    }
  } finally {
    await server.stop()
    await rx.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const rows = []
for (let r = 0; r < ROUNDS; r++) rows.push(await round(r))
const m = (get) => median(rows.map(get))
const ms = (x) => `${x.toFixed(1)} ms`
const ratio = (x, y) => `${(x / y).toFixed(2)}x`
const out = {
  'A no webhook: API p50 / p99': `${ms(m((x) => x.apiA.p50))} / ${ms(m((x) => x.apiA.p99))}`,
  'B one healthy webhook: API p50 / p99': `${ms(m((x) => x.apiB.p50))} / ${ms(m((x) => x.apiB.p99))}  (p99 ${ratio(m((x) => x.apiB.p99), m((x) => x.apiA.p99))} of A)`,
  [`B event-to-receipt p50 / p99 (${N_HOOK} creates, all delivered)`]: `${ms(m((x) => x.e2eB.p50))} / ${ms(m((x) => x.e2eB.p99))}  (target p99 < 100 ms)`,
  'B request-start-to-receipt p50 / p99 (API latency included)': `${ms(m((x) => x.startB.p50))} / ${ms(m((x) => x.startB.p99))}`,
  'C plus a 5 s receiver: API p50 / p99': `${ms(m((x) => x.apiC.p50))} / ${ms(m((x) => x.apiC.p99))}  (p99 ${ratio(m((x) => x.apiC.p99), m((x) => x.apiB.p99))} of B, ${ratio(m((x) => x.apiC.p99), m((x) => x.apiA.p99))} of A; target <= 1.10x)`,
  'C healthy webhook event-to-receipt p50 / p99': `${ms(m((x) => x.e2eC.p50))} / ${ms(m((x) => x.e2eC.p99))}`,
}
console.log(`webhooks: ${ROUNDS} rounds, medians; ${CLIENTS} concurrent clients`)
for (const [k, v] of Object.entries(out)) console.log(`  ${k.padEnd(62)} ${v}`)
process.exit(0)
