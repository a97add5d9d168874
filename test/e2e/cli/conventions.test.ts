import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cms } from '../../helpers/cli.ts'

let dir: string
let content: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cms-conv-'))
  content = join(dir, 'content')
  // The README's first steps: init, then the example collection `posts` (title, slug from title).
  const init = await cms(['init', content])
  expect(init.code, init.stderr).toBe(0)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('exit codes: 0 done, 1 content or input, 2 could not run (usage errors included)', () => {
  // Usage errors read and write nothing: these run side by side.
  test.concurrent.each([
    [['serv'], /unknown command 'serv'/],
    [['entry', 'lst'], /unknown command 'lst'/],
    [['serve', '--port', 'abc'], /--port must be an integer/],
    [['entry', 'list'], /missing required argument 'collection'/],
    [['entry', 'list', 'posts', '--bogus'], /unknown option '--bogus'/],
  ])('cms %s → 2', async (args, message) => {
    const r = await cms([...args, '--dir', content])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  test('usage errors are JSON on stdout with --json', async () => {
    const r = await cms(['entry', 'lst', '--json', '--dir', content])
    expect(r.code).toBe(2)
    expect(JSON.parse(r.stdout)).toEqual({ error: { message: expect.stringMatching(/unknown command 'lst'.*Did you mean list\?/), usage: true } })
  })

  test('all missing required options at once, and marked in --help', async () => {
    const r = await cms(['webhook', 'add', '--name', 'x', '--dir', content])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("required options '--target-url <url>', '--events <list>', '--sources <list>' not specified")
    // The --help runs read nothing: started together (each is a process start).
    const reads = [['asset', 'list'], ['asset', 'show'], ['collection', 'list'], ['collection', 'show'], ['webhook', 'logs'], ['webhook', 'test']]
    const [help, webhookList, entryList, entryCreate, ...readHelps] = await Promise.all(
      [['webhook', 'add'], ['webhook', 'list'], ['entry', 'list'], ['entry', 'create'], ...reads].map((args) => cms([...args, '--help'])),
    )
    expect(help!.code).toBe(0)
    expect(help!.stdout).toMatch(/--target-url <url>[\s\S]*\(required\)/)
    // --url is the server on every command, webhook add included; --no-deliver only where it does something.
    expect(help!.stdout).toMatch(/--url <url>\s+send to a running server/)
    expect(webhookList!.stdout).not.toContain('--no-deliver')
    expect(entryList!.stdout).not.toContain('--no-deliver')
    expect(entryCreate!.stdout).toContain('--no-deliver')
    reads.forEach((read, i) => expect(readHelps[i]!.stdout, read.join(' ')).not.toContain('--no-deliver'))
  })

  test('bad content or input → 1; a folder that is not a content root → 2', async () => {
    expect((await cms(['entry', 'create', 'nope', '--data', '{"title":"x"}', '--dir', content])).code).toBe(1)
    const notRoot = await cms(['entry', 'list', 'posts', '--dir', join(dir, 'elsewhere')])
    expect(notRoot.code).toBe(2)
    expect(notRoot.stderr).toMatch(/not a cms content root/)
    expect(notRoot.stderr).not.toMatch(/ENOENT|ENOTDIR/)
  })
})

describe('input', () => {
  test('stdin only with --data -; --data with --file is refused; no input says how to give it', async () => {
    const piped = await cms(['entry', 'create', 'posts', '--data', '-', '--json', '--dir', content], { input: '{"title":"From stdin"}' })
    expect(piped.code, piped.stderr).toBe(0)
    expect(JSON.parse(piped.stdout).fields.title).toBe('From stdin')
    // Piped input without --data - is not read: the command says what to pass instead of waiting.
    const ignored = await cms(['entry', 'create', 'posts', '--dir', content], { input: '{"title":"ignored"}' })
    expect(ignored.code).toBe(2)
    expect(ignored.stderr).toMatch(/--data - to read stdin/)
    const file = join(dir, 'body.json')
    await writeFile(file, '{"title":"x"}')
    const both = await cms(['entry', 'create', 'posts', '--data', '{"title":"y"}', '--file', file, '--dir', content])
    expect(both.code).toBe(2)
    expect(both.stderr).toMatch(/--data or --file, not both/)
    const folder = await cms(['entry', 'create', 'posts', '--file', dir, '--dir', content])
    expect(folder.code).toBe(1)
    expect(folder.stderr).toContain(`Cannot read --file ${dir}: it is a folder.`)
  })

  test('importing a JSON file that is not a template is an error, not "Imported 0 entries"', async () => {
    const file = join(dir, 'not-a-template.json')
    await writeFile(file, '{"name":"x"}')
    const r = await cms(['import', file, '--dir', join(dir, 'imported', 'content')])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/is not a project template: it has no "collections" list/)
    expect(r.stdout).not.toMatch(/Imported/)
    const missing = await cms(['import', join(dir, 'nope.json'), '--dir', join(dir, 'imported', 'content')])
    expect(missing.stderr).toMatch(/Cannot read the template .*nope\.json: no such file\./)
  })

  test('--url that is not a URL, and a server that does not answer, in the user\'s words', async () => {
    const notUrl = await cms(['entry', 'list', 'posts', '--url', 'notaurl', '--dir', content])
    expect(notUrl.code).toBe(2)
    expect(notUrl.stderr).toMatch(/--url "notaurl" is not a server URL/)
    expect(notUrl.stderr).not.toMatch(/Failed to parse URL/)
  })
})

describe('a first draft does not look lost', () => {
  test('list says how many drafts are hidden; get points at --state draft; the slug comes from the title', async () => {
    const created = await cms(['entry', 'create', 'posts', '--data', '{"title":"Hello, World"}', '--json', '--dir', content])
    expect(created.code).toBe(0)
    const entry = JSON.parse(created.stdout) as { uuid: string; fields: { slug: string } }
    expect(entry.fields.slug).toBe('hello-world')
    const list = await cms(['entry', 'list', 'posts', '--dir', content])
    expect(list.code).toBe(0)
    expect(list.stderr).toMatch(/No published entries in posts; \d+ drafts? (is|are) not shown .*cms entry list posts --state draft/)
    const drafts = await cms(['entry', 'list', 'posts', '--state', 'draft', '--dir', content])
    expect(drafts.stdout).toMatch(new RegExp(`^${entry.uuid}\\s+en\\s+draft`, 'm'))
    const get = await cms(['entry', 'get', 'posts', entry.uuid, '--dir', content])
    expect(get.code).toBe(1)
    expect(get.stderr).toContain(`posts/${entry.uuid} has not been published: add --state draft`)
    expect((await cms(['entry', 'get', 'posts', entry.uuid, '--state', 'draft', '--dir', content])).code).toBe(0)
  })
})

describe('one confirmation flag: --force, in CLI words', () => {
  test('collection remove needs --force; a refused schema change says "pass --force" with one line per problem', async () => {
    for (const title of ['A', 'B', 'C']) expect((await cms(['entry', 'create', 'posts', '--data', JSON.stringify({ title }), '--dir', content])).code).toBe(0)
    const refused = await cms(['field', 'add', 'posts', 'subtitle', '--type', 'text', '--required', '--dir', content])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/pass --force/)
    expect(refused.stderr).not.toMatch(/"force": true/)
    const lines = refused.stderr.trim().split('\n')
    expect(lines.filter((l) => /^\s+\d+ entries: /.test(l))).toHaveLength(1)
    expect(lines.length).toBeLessThanOrEqual(3)
    const noForce = await cms(['collection', 'remove', 'posts', '--dir', content])
    expect(noForce.code).toBe(1)
    expect(noForce.stderr).toMatch(/Pass --force to confirm/)
  })
})
