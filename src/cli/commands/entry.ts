import type { Command } from 'commander'
import { readFile } from 'node:fs/promises'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import type { ApiClient } from '../../connect/api.ts'
import { dirOption, jsonOption } from '../options.ts'
import { printJson, printTable } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import type { Answers } from '../../server/http/answers.ts'

interface Opts extends TargetOptions { json?: boolean }
interface WriteOpts extends Opts { data?: string; file?: string; state?: string; locale?: string }

const BODY_KEYS = new Set(['data', 'state', 'status', 'locale'])
const enc = encodeURIComponent

/**
 * `cms entry ...`: every content change from the command line. Each command goes through
 * the HTTP API (connect/target.ts): a running server, or the app answering in this process.
 * `--json` prints the API's answer; one entry as the object itself (without the API's `{data}` envelope).
 */
export function registerEntry(program: Command): void {
  const entry = program.command('entry').description('create, read, update, publish and delete content entries')

  const write = (name: string, args: string, description: string) =>
    command(entry, name, args, description)
      .option('--data <json>', 'field values as a JSON object (or a full body {data, state, locale}); - reads stdin')
      .option('--file <path>', 'read the JSON from a file')
      .option('--state <state>', 'draft or published')
      .option('--locale <code>', 'locale of the entry (default: the project default)')

  write('create', '<collection>', 'create an entry').action(async (slug: string, opts: WriteOpts) => {
    const body = await readBody(opts)
    const result = await inCollection(slug, opts, (api) => api.request<{ data: Entry }>('POST', `/${enc(slug)}`, { body }))
    done(opts, result.data, `Created ${result.data.uuid} in ${slug} (${result.data.published_at ? 'published as v1' : 'draft'}).`)
  })

  for (const [name, mode] of [['update', 'replace'], ['patch', 'patch']] as const) {
    write(name, '<collection> <uuid>', mode === 'replace' ? 'replace the draft of an entry' : 'merge field values into the draft of an entry')
      .action(async (slug: string, uuid: string, opts: WriteOpts) => {
        const body = await readBody(opts)
        const result = await inCollection(slug, opts, (api) => api.request<unknown>(mode === 'replace' ? 'PUT' : 'PATCH', `/${enc(slug)}/${enc(uuid)}`, { body }))
        done(opts, entryOf(result), `Updated the draft of ${uuid}${body.state === 'published' ? ' and published it' : ''}.`)
      })
  }

  command(entry, 'list', '<collection>', 'list entries (the API query language: --where, --state, --locale, --query)', false)
    .option('--where <field=value...>', 'equality filter; repeat for more (AND)')
    .option('--state <state>', 'published (default), draft, only_draft')
    .option('--locale <code>', 'only this locale')
    .option('--limit <n>', 'at most n entries')
    .option('--query <qs>', 'a raw query string, e.g. "where[views][gt]=10&sort=views:desc"')
    .action(async (slug: string, opts: Opts & { where?: string[]; state?: string; locale?: string; limit?: string; query?: string }) => {
      const params = new URLSearchParams(opts.query ?? '')
      for (const w of opts.where ?? []) {
        const i = w.indexOf('=')
        if (i < 1) throw new CliError(`--where expects field=value, got ${JSON.stringify(w)}`)
        params.append(`where[${w.slice(0, i)}]`, w.slice(i + 1))
      }
      if (opts.state) params.set('state', opts.state)
      if (opts.locale) params.set('locale', opts.locale)
      if (opts.limit) params.set('limit', opts.limit)
      const qs = params.toString()
      // Published is the default: count the drafts such a list leaves out (a first draft must not look lost).
      const countDrafts = !opts.json && !opts.state && !params.has('state')
      const drafts = new URLSearchParams(qs)
      drafts.set('state', 'only_draft')
      drafts.set('count', '1')
      for (const key of ['limit', 'offset', 'paginate', 'page', 'first']) drafts.delete(key)
      const [result, hidden] = await inCollection(slug, reading(opts), async (api): Promise<[unknown, number]> => {
        const get = (query: string) => api.request<unknown>('GET', `/${enc(slug)}${query ? `?${query}` : ''}`)
        const list = await get(qs)
        return [list, countDrafts ? ((await get(drafts.toString())) as { count: number }).count : 0]
      })
      if (opts.json) return printJson(result)
      const list = Array.isArray(result) ? result : (result as { data?: unknown }).data ?? [result]
      const entries = (Array.isArray(list) ? list : [list]) as Entry[]
      if (entries.length > 0) printTable(['UUID', 'LOCALE', 'STATE', 'PUBLISHED', 'SUMMARY'], entries.map(row))
      if (hidden > 0) {
        process.stderr.write(`${entries.length === 0 ? `No published entries in ${slug}; ` : ''}${hidden} draft${hidden === 1 ? ' is' : 's are'} not shown (never published): \`cms entry list ${slug} --state draft\` lists ${hidden === 1 ? 'it' : 'them'}.\n`)
      } else if (entries.length === 0) process.stderr.write(`No entries in ${slug}.\n`)
    })

  command(entry, 'get', '<collection> <uuid>', 'show one entry', false).option('--state <state>', 'published (default) or draft').option('--locale <code>', 'translation in this locale')
    .action(async (slug: string, uuid: string, opts: Opts & { state?: string; locale?: string }) => {
      const params = new URLSearchParams()
      if (opts.state) params.set('state', opts.state)
      if (opts.locale) params.set('translation_locale', opts.locale)
      const qs = params.toString()
      const read = (query: string) => inCollection(slug, reading(opts), (api) => api.request<unknown>('GET', `/${enc(slug)}/${enc(uuid)}${query ? `?${query}` : ''}`))
      const result = await read(qs).catch(async (error: unknown) => {
        if (opts.state || !isNotFound(error)) throw error
        // Published is the default state: an entry that exists only as a draft gets a pointer.
        const draft = await read(new URLSearchParams([...params, ['state', 'draft']]).toString()).catch(() => null)
        if (draft) throw new CliError(`${slug}/${uuid} has not been published: add --state draft to see its draft.`, EXIT.problem)
        throw error
      })
      printJson(entryOf(result))
    })

  const simple = (name: string, path: string, description: string) =>
    command(entry, name, '<collection> <uuid>', description).action(async (slug: string, uuid: string, opts: Opts) => {
      const result = await inCollection(slug, opts, (api) => api.request<{ message: string }>('POST', `/${enc(slug)}/${enc(uuid)}/${path}`))
      done(opts, result, result.message)
    })
  simple('publish', 'publish', 'publish the draft as the next version')
  simple('unpublish', 'unpublish', 'unpublish (versions are kept)')
  simple('discard', 'discard-draft', 'reset the draft to the published version')
  simple('restore', 'restore', 'restore an entry from the trash')

  command(entry, 'delete', '<collection> <uuid>', 'move an entry to the trash (--force: delete it and its versions)')
    .option('--force', 'delete permanently')
    .action(async (slug: string, uuid: string, opts: Opts & { force?: boolean }) => {
      const force = opts.force === true
      const result = await inCollection(slug, opts, (api) => api.request<{ message: string }>('DELETE', `/${enc(slug)}/${enc(uuid)}`, force ? { query: { force: 1 } } : {}))
      done(opts, { deleted: uuid, ...result }, force ? 'Content deleted permanently.' : `${result.message} (in the trash; \`cms entry restore\` brings it back)`)
    })

  command(entry, 'versions', '<collection> <uuid> [n]', 'list versions (newest first), or show version n with its snapshot', false)
    .action(async (slug: string, uuid: string, n: string | undefined, opts: Opts) => {
      const result = await inCollection(slug, reading(opts), (api) => api.request<unknown>('GET', `/${enc(slug)}/${enc(uuid)}/versions${n ? `/${enc(n)}` : ''}`))
      if (opts.json || n) return printJson(result)
      const versions = result as Array<{ version_number: number; label: string | null; published_at: string; is_current_published: boolean }>
      if (versions.length > 0) printTable(['VERSION', 'PUBLISHED', 'CURRENT', 'LABEL'], versions.map((v) => [`v${v.version_number}`, v.published_at, v.is_current_published ? 'published' : '', v.label ?? '']))
    })

  command(entry, 'revert', '<collection> <uuid> <n>', 'copy version n into the draft and publish it as a new version')
    .action(async (slug: string, uuid: string, n: string, opts: Opts) => {
      const result = await inCollection(slug, opts, (api) => api.request<{ message: string }>('POST', `/${enc(slug)}/${enc(uuid)}/versions/${enc(n)}/revert`))
      done(opts, result, result.message)
    })
}

/** `--json` prints one entry as the object itself, as every other command prints one object (the API wraps it in `{data}`). */
const entryOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body

/**
 * withApi for a command on one collection. A collection that does not exist is named, with
 * the ones that do: the API keeps the hosted service's bare `Collection not found.`, but a
 * person at a terminal needs to see the typo.
 */
function inCollection<T>(slug: string, options: TargetOptions, fn: (api: ApiClient) => Promise<T>): Promise<T> {
  return withApi(options, async (api) => {
    try {
      return await fn(api)
    } catch (error) {
      if (!isNotFound(error) || (error as Error).message !== 'Collection not found.') throw error
      const slugs = (await api.request<Array<{ slug: string }>>('GET', '/collections').catch(() => [])).map((c) => c.slug)
      const known = slugs.length > 0 ? `Collections: ${slugs.join(', ')}.` : 'This project has no collections yet.'
      throw new CliError(`Collection "${slug}" not found. ${known}`, EXIT.problem)
    }
  })
}

const isNotFound = (error: unknown): boolean =>
  (error as { status?: number }).status === 404 || (error as { code?: string; name?: string }).code === 'not_found'

type Entry = Answers['Entry']['data']

function command(parent: Command, name: string, args: string, description: string, writes = true): Command {
  return addTargetOptions(parent.command(`${name} ${args}`).description(description).addOption(dirOption()).addOption(jsonOption()), { writes })
}

function done(opts: Opts, result: unknown, message: string): void {
  if (opts.json) printJson(result)
  else process.stdout.write(`${message}\n`)
}

/** One entry as a list row; its summary is the first text value. */
function row(e: Entry): string[] {
  const first = Object.values(e.fields ?? {}).find((v) => typeof v === 'string')
  return [e.uuid, e.locale, e.published_at ? 'published' : 'draft', e.published_at ?? '-', first ? String(first).slice(0, 60) : '']
}

/** The request body from --data, --data - (stdin) or --file: field values, or a full `{data, state, locale}` body. */
async function readBody(opts: WriteOpts): Promise<Record<string, unknown>> {
  if (opts.data !== undefined && opts.file !== undefined) throw new CliError('Pass --data or --file, not both.', EXIT.cannotRun)
  let text: string | undefined = opts.data
  let source = '--data'
  if (text === '-') {
    // Only when asked: a command never waits on stdin by surprise.
    if (process.stdin.isTTY) process.stderr.write('Reading the JSON from stdin; end with Ctrl-D (or pass --data \'{...}\' / --file <path>).\n')
    text = await readStdin()
    source = 'stdin'
  } else if (opts.file !== undefined) {
    const file = opts.file
    source = file
    text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'it is a folder' : error.code === 'EACCES' ? 'permission denied' : error.message
      throw new CliError(`Cannot read --file ${file}: ${why}.`, EXIT.problem)
    })
  }
  if (text === undefined) throw new CliError('No field values: pass --data \'{"title": "..."}\', --data - to read stdin, or --file <path>.', EXIT.cannotRun)
  if (text.trim() === '') throw new CliError(`No field values: ${source} is empty.`, EXIT.problem)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CliError(`The JSON from ${source} is not valid: ${(error as Error).message}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new CliError(`The JSON from ${source} must be an object of field values.`, EXIT.problem)
  const obj = value as Record<string, unknown>
  const isBody = 'data' in obj && typeof obj.data === 'object' && Object.keys(obj).every((k) => BODY_KEYS.has(k))
  const body: Record<string, unknown> = isBody ? { ...obj } : { data: obj }
  if (opts.state) body.state = opts.state
  if (opts.locale) body.locale = opts.locale
  return body
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
