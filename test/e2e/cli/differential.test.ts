import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cms, serve, type CliResult, type ServeProcess } from '../../helpers/cli.ts'
import { makePng } from '../assets/helpers.ts'

/**
 * One path for every operation (issue [18]): the same CLI invocations, run once with a
 * `cms serve` on the content dir (the CLI sends them to it) and once with none (the app answers
 * in the CLI's own process), give the same stdout, stderr and exit code, ids, times and the
 * server's port masked. Every command family, success and failure: bad input, unknown
 * collection, unique conflict, missing ability (`--url` with a read-only token), --json and text.
 */

/** What differs between two runs by nature: ids, times, secrets, the port, the temp folder. */
function mask(text: string, dir: string): string {
  const ids = new Map<string, string>()
  return text
    .split(dir).join('<dir>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`)
      return ids.get(id)!
    })
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/cms_[A-Za-z0-9_-]{20,}/g, '<token>')
    .replace(/…[A-Za-z0-9_-]{4}\b/g, '…<last4>')
    .replace(/"last4": "[^"]*"/g, '"last4": "<last4>"')
    .replace(/whd_[A-Za-z0-9_-]+/g, '<delivery>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/"(duration_ms|sha256)": [^,\n]+/g, '"$1": <n>')
}

/** One invocation: its arguments, given what earlier ones answered (`vars`: ids, the --url server). */
type Step = { name: string; args: (v: Vars) => string[]; keep?: (out: CliResult, v: Vars) => void; input?: string }
interface Vars { dir: string; url: string; reader: string; projectId: string; png: string; [key: string]: string }

const json = (r: CliResult): Record<string, unknown> => JSON.parse(r.stdout) as Record<string, unknown>
const d = (v: Vars) => ['--dir', v.dir]
const withUrl = (v: Vars) => ['--url', v.url, '--token', v.reader, '--project', v.projectId]

const CORPUS: Step[] = [
  // missing abilities: a read-only token over --url (first, while the --url servers' copies are the same files)
  { name: '--url, read token: entry create', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":"x"}', ...withUrl(v), ...d(v)] },
  { name: '--url, read token: collection add --json', args: (v) => ['collection', 'add', 'other', '--json', ...withUrl(v), ...d(v)] },
  { name: '--url, read token: entry list --json', args: (v) => ['entry', 'list', 'notes', '--json', ...withUrl(v), ...d(v)] },
  // entries
  { name: 'entry create (text)', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":"Hello"}', ...d(v)] },
  { name: 'entry create --json', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":"Second"}', '--json', ...d(v)], keep: (r, v) => { v.post = String(json(r).uuid) } },
  { name: 'entry create: unique conflict', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":"Hello"}', ...d(v)] },
  { name: 'entry create: unique conflict --json', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":"Hello"}', '--json', ...d(v)] },
  { name: 'entry create: bad JSON', args: (v) => ['entry', 'create', 'notes', '--data', '{bad', ...d(v)] },
  { name: 'entry create: invalid value', args: (v) => ['entry', 'create', 'notes', '--data', '{"title":5}', ...d(v)] },
  { name: 'entry create: unknown collection', args: (v) => ['entry', 'create', 'nope', '--data', '{"title":"x"}', ...d(v)] },
  { name: 'entry create: unknown collection --json', args: (v) => ['entry', 'create', 'nope', '--data', '{"title":"x"}', '--json', ...d(v)] },
  { name: 'entry list (drafts hidden)', args: (v) => ['entry', 'list', 'notes', ...d(v)] },
  { name: 'entry get: only a draft', args: (v) => ['entry', 'get', 'notes', v.post!, ...d(v)] },
  { name: 'entry publish', args: (v) => ['entry', 'publish', 'notes', v.post!, ...d(v)] },
  { name: 'entry list paginated --json (links)', args: (v) => ['entry', 'list', 'notes', '--state', 'draft', '--query', 'paginate=1', '--json', ...d(v)] },
  { name: 'entry patch --json', args: (v) => ['entry', 'patch', 'notes', v.post!, '--data', '{"title":"Second, again"}', '--state', 'published', '--json', ...d(v)] },
  { name: 'entry versions', args: (v) => ['entry', 'versions', 'notes', v.post!, ...d(v)] },
  { name: 'entry delete', args: (v) => ['entry', 'delete', 'notes', v.post!, ...d(v)] },
  { name: 'entry restore --json', args: (v) => ['entry', 'restore', 'notes', v.post!, '--json', ...d(v)] },
  // collections, fields, locales
  { name: 'collection list', args: (v) => ['collection', 'list', ...d(v)] },
  { name: 'collection show', args: (v) => ['collection', 'show', 'notes', ...d(v)] },
  { name: 'collection show: unknown', args: (v) => ['collection', 'show', 'nope', ...d(v)] },
  { name: 'collection show: unknown --json', args: (v) => ['collection', 'show', 'nope', '--json', ...d(v)] },
  { name: 'collection add --json', args: (v) => ['collection', 'add', 'tags', '--fields', '[{"name":"label","type":"text"}]', '--json', ...d(v)] },
  { name: 'collection add: slug taken', args: (v) => ['collection', 'add', 'tags', ...d(v)] },
  { name: 'field add --json', args: (v) => ['field', 'add', 'tags', 'color', '--type', 'color', '--json', ...d(v)] },
  { name: 'field add: unknown type', args: (v) => ['field', 'add', 'tags', 'odd', '--type', 'nope', ...d(v)] },
  { name: 'field remove', args: (v) => ['field', 'remove', 'tags', 'color', ...d(v)] },
  { name: 'collection remove: no --force', args: (v) => ['collection', 'remove', 'tags', ...d(v)] },
  { name: 'collection remove', args: (v) => ['collection', 'remove', 'tags', '--force', ...d(v)] },
  { name: 'locale add', args: (v) => ['locale', 'add', 'de', ...d(v)] },
  { name: 'locale add: exists', args: (v) => ['locale', 'add', 'de', ...d(v)] },
  // project
  { name: 'project show', args: (v) => ['project', 'show', ...d(v)] },
  { name: 'project set --json', args: (v) => ['project', 'set', '--name', 'Renamed', '--json', ...d(v)] },
  { name: 'project set: bad api mode', args: (v) => ['project', 'set', '--api', 'bogus', ...d(v)] },
  // tokens
  { name: 'token list', args: (v) => ['token', 'list', ...d(v)] },
  { name: 'token create: unknown ability', args: (v) => ['token', 'create', '--name', 'x', '--abilities', 'read,bogus', ...d(v)] },
  { name: 'token create --json', args: (v) => ['token', 'create', '--name', 'ci', '--abilities', 'read,create', '--expires', '2099-01-31', '--json', ...d(v)] },
  { name: 'token revoke: unknown', args: (v) => ['token', 'revoke', 'nobody', ...d(v)] },
  // end users
  { name: 'user create --json', args: (v) => ['user', 'create', '--email', 'ann@example.com', '--password-stdin', '--verified', '--json', ...d(v)], input: 'a-long-password-1\n' },
  { name: 'user create: email taken', args: (v) => ['user', 'create', '--email', 'ann@example.com', '--password-stdin', ...d(v)], input: 'a-long-password-1\n' },
  // assets
  { name: 'asset add --json', args: (v) => ['asset', 'add', v.png, '--alt', 'Boats', '--json', ...d(v)], keep: (r, v) => { v.asset = String((JSON.parse(r.stdout) as Array<{ uuid: string }>)[0]!.uuid) } },
  { name: 'asset list --json (urls)', args: (v) => ['asset', 'list', '--json', ...d(v)] },
  { name: 'asset show', args: (v) => ['asset', 'show', v.asset!, ...d(v)] },
  { name: 'asset remove --json', args: (v) => ['asset', 'remove', v.asset!, '--json', ...d(v)] },
  // webhooks (switched off: nothing is sent anywhere)
  { name: 'webhook add --json', args: (v) => ['webhook', 'add', '--name', 'site', '--target-url', 'https://example.com/hook', '--events', 'content.published', '--sources', 'api,cli', '--disabled', '--json', ...d(v)], keep: (r, v) => { v.hook = String(json(r).uuid) } },
  { name: 'webhook add: bad events', args: (v) => ['webhook', 'add', '--name', 'bad', '--target-url', 'https://example.com/hook', '--events', 'nothing.happened', '--sources', 'api', ...d(v)] },
  { name: 'webhook list', args: (v) => ['webhook', 'list', ...d(v)] },
  { name: 'webhook show: unknown', args: (v) => ['webhook', 'show', '00000000-0000-4000-8000-000000000000', ...d(v)] },
  // git, types, openapi, review
  { name: 'git status: not a repository', args: (v) => ['git', 'status', ...d(v)] },
  { name: 'types', args: (v) => ['types', ...d(v)] },
  { name: 'openapi', args: (v) => ['openapi', ...d(v)] },
]

interface Run { name: string; args: string[]; code: number | null; stdout: string; stderr: string }

async function runCorpus(vars: Vars): Promise<Run[]> {
  const out: Run[] = []
  for (const step of CORPUS) {
    const args = step.args(vars)
    const r = await cms(args, step.input !== undefined ? { input: step.input } : {})
    step.keep?.(r, vars)
    out.push({ name: step.name, args: args.map((a) => mask(a, vars.dir)), code: r.code, stdout: mask(r.stdout, vars.dir), stderr: mask(r.stderr, vars.dir) })
  }
  return out
}

describe('the CLI with and without a server (one path: the HTTP API)', () => {
  let root: string
  const servers: ServeProcess[] = []
  let withServer: Vars
  let withoutServer: Vars

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cms-differential-'))
    // One project, copied: each run starts from the same files (same project id, same token).
    const base = join(root, 'base', 'content')
    await mkdir(join(root, 'base'), { recursive: true })
    const steps = [
      ['init', base, '--name', 'Differential'],
      ['collection', 'add', 'notes', '--dir', base, '--fields', '[{"name":"title","type":"text","validations":{"required":{"status":true},"unique":{"status":true}}}]'],
      ['token', 'create', '--name', 'reader', '--abilities', 'read', '--json', '--dir', base],
    ]
    let reader = ''
    for (const args of steps) {
      const r = await cms(args)
      expect(r.code, r.stderr).toBe(0)
      if (args[0] === 'token') reader = String(json(r).token)
    }
    const projectId = String((JSON.parse((await cms(['project', 'show', '--json', '--dir', base])).stdout) as { uuid: string }).uuid)
    const png = join(root, 'boats.png')
    await writeFile(png, makePng(4, 3))
    // A: its own `cms serve`. B: no server on its dir; its --url steps go to a server on a third copy.
    const copies = ['a', 'b', 'c'].map((name) => join(root, name, 'content'))
    for (const copy of copies) await cp(base, copy, { recursive: true })
    const [a, b, c] = copies as [string, string, string]
    const [serverA, serverC] = await Promise.all([serve(['--dir', a]), serve(['--dir', c])])
    servers.push(serverA, serverC)
    withServer = { dir: join(root, 'a'), url: serverA.url, reader, projectId, png }
    withoutServer = { dir: join(root, 'b'), url: serverC.url, reader, projectId, png }
    // --dir names the content root; the masks name the copy's folder.
    withServer.dir = a
    withoutServer.dir = b
  })

  afterAll(async () => {
    for (const s of servers) {
      s.child.kill('SIGTERM')
      await s.exited.catch(() => null)
    }
    if (root) await rm(root, { recursive: true, force: true })
  })

  it(`${CORPUS.length} invocations give the same stdout, stderr and exit code`, async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40)
    // The two runs touch different copies: they run side by side.
    const [served, alone] = await Promise.all([runCorpus(withServer), runCorpus(withoutServer)])
    for (let i = 0; i < CORPUS.length; i++) expect(alone[i], CORPUS[i]!.name).toEqual(served[i])
    // The corpus covers what it says: failures of each kind and both exit codes.
    const codes = new Set(served.map((r) => r.code))
    expect([...codes].sort()).toEqual([0, 1, 2])
  }, 240_000)
})
