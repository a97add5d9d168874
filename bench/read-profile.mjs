// CPU profile of a server under read load, summarised per request: where the time of one answer
// goes (our admission checks, the fast read path, the service's cached answer, the request log,
// Node's own HTTP and socket work, GC), so the gap to the bare ceiling has names.
//
// The server process runs `PROFILER_HOOK` (below) in its own code: on an IPC message it starts
// the V8 sampling profiler through node:inspector and, on the next, stops it and sends back the
// profile. Only the measured window is profiled: no start-up, no warm-up.
/** Source to append to a server child's `-e` code (the child needs an 'ipc' stdio slot). */
// The inspector session is connected only for the profile: a session connected from the start
// made a server's answers cost more (measured, paired rounds: quiet/bare 0.95 without a session
// on either, 0.90 with one on both), and ours more than bare, so the ratios measured before the
// profile paid for it.
export const PROFILER_HOOK = `
  let session = null
  process.on('message', async (m) => {
    if (m === 'profile:start') {
      const { Session } = await import('node:inspector/promises')
      session = new Session(); session.connect()
      await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start'); process.send('profile:started')
    }
    if (m === 'profile:stop') { const { profile } = await session.post('Profiler.stop'); session.disconnect(); session = null; process.send({ profile }) }
  })`

/** Asks a child started with PROFILER_HOOK to profile while `load()` runs; returns [profile, load's result]. */
export async function profileWhile(child, load) {
  const started = new Promise((resolve) => child.once('message', resolve))
  child.send('profile:start')
  await started
  const result = await load()
  const stopped = new Promise((resolve) => child.once('message', (m) => resolve(m.profile)))
  child.send('profile:stop')
  return [await stopped, result]
}

// Our compiled modules, by what they do for a read.
const OURS = [
  ['request log', /\/cli\/request-log\.js/],
  ['admission (project header, token, CORS, rate limit, limits)', /\/server\/(admission|guard|cors|rate-limit|middleware|request-limits|api-prefix)\.js|\/core\/(ids|loopback)\.js|\/sessions\//],
  ['fast read (routing, headers, ETag)', /\/server\/(fast-read|etag)\.js/],
  ['service (cached answer lookup)', /\/service\/|\/query\/|\/storage\//],
  ['h3', /node_modules\/h3\//],
  ['listhen (http-shutdown)', /node_modules\/(http-shutdown|listhen)\//],
]
const NODE_HTTP = 'node http + socket (as the bare server)'

function categoryOf(url) {
  for (const [name, re] of OURS) if (re.test(url)) return name
  return null
}

/**
 * Self time per category. A sample counts for the nearest frame of ours on its stack (natives
 * and Node internals called from our code count as ours: a regex test in the guard is the
 * guard's cost), except that Node's HTTP send called from the fast path counts as Node's
 * (the bare server pays it too), and anything under the request log counts as the log's.
 */
export function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const time = new Map()
  for (let i = 0; i < profile.samples.length; i++) time.set(profile.samples[i], (time.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0))
  const totals = new Map()
  let all = 0
  for (const [id, us] of time) {
    const leaf = byId.get(id)
    const fn = leaf.callFrame.functionName
    let cat
    if (fn === '(idle)') cat = 'idle'
    else if (fn === '(garbage collector)') cat = 'garbage collector'
    else if (fn === '(program)') cat = 'V8 (program)'
    else {
      const leafIsNode = !categoryOf(leaf.callFrame.url)
      let nearest = null
      let logged = false
      let profiler = false
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        if (byId.get(cur).callFrame.url === 'node:inspector') profiler = true
        const c = categoryOf(byId.get(cur).callFrame.url)
        if (c === 'request log') logged = true
        if (c && !nearest) nearest = c
      }
      // The profiler's own work (stopping, serialising the profile) is not the server's.
      if (profiler) continue
      if (logged) cat = 'request log'
      else if (!nearest) cat = NODE_HTTP
      else if (nearest === 'fast read (routing, headers, ETag)' && leafIsNode && /_http_|stream|net|writev|writeBuffer|writeUtf8|Socket/i.test(`${leaf.callFrame.url} ${fn}`)) cat = NODE_HTTP
      else cat = nearest
    }
    totals.set(cat, (totals.get(cat) ?? 0) + us)
    all += us
  }
  return { totals, all }
}

/**
 * A table: µs of CPU per answered request, per category, for each profiled server, with the
 * share of the busy time. `runs` is [{ name, profile, requests }].
 */
export function profileTable(runs) {
  const sums = runs.map((r) => ({ ...r, ...summarise(r.profile) }))
  const cats = [...new Set(sums.flatMap((s) => [...s.totals.keys()]))]
    .sort((a, b) => (sums[0].totals.get(b) ?? 0) - (sums[0].totals.get(a) ?? 0))
  const busy = (s) => s.all - (s.totals.get('idle') ?? 0)
  const lines = [`| CPU per answer (µs) | ${sums.map((s) => s.name).join(' | ')} |`, `|---|${sums.map(() => '---|').join('')}`]
  for (const c of cats.filter((c) => c !== 'idle')) {
    lines.push(`| ${c} | ${sums.map((s) => { const v = s.totals.get(c) ?? 0; return `${(v / s.requests).toFixed(1)} (${((100 * v) / busy(s)).toFixed(0)}%)` }).join(' | ')} |`)
  }
  lines.push(`| **busy total** | ${sums.map((s) => `**${(busy(s) / s.requests).toFixed(1)}**`).join(' | ')} |`)
  lines.push(`| idle share of the window | ${sums.map((s) => `${((100 * (s.totals.get('idle') ?? 0)) / s.all).toFixed(0)}%`).join(' | ')} |`)
  return lines.join('\n')
}
