import type { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { dirOption, jsonOption } from '../options.ts'
import { formatTable, printJson } from '../output.ts'
import { CliError, EXIT } from '../../connect/errors.ts'
import { addTargetOptions } from '../target.ts'
import { reading, withApi, type TargetOptions } from '../../connect/target.ts'
import type { ApiClient } from '../../connect/api.ts'
import type { Answers } from '../../server/http/answers.ts'

/**
 * `cms collection|field|locale ...`: the admin API's schema routes from the command line.
 * Through the API: a running server, or the app answering in this process; same output.
 */

type Opts = TargetOptions & { json?: boolean; force?: boolean }
type Json = Record<string, unknown>

/** One admin call to the API. */
function call<T = Json>(api: ApiClient, method: string, path: string, body?: Json): Promise<T> {
  return api.request<T>(method, path, body === undefined ? {} : { body })
}

function parseJsonArg(value: string, flag: string): unknown {
  const text = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new CliError(`${flag} must be JSON (or @file): ${(error as Error).message}`, EXIT.problem)
  }
}

const out = (opts: Opts, value: unknown, text: string) => (opts.json ? printJson(value) : process.stdout.write(`${text}\n`))

function command(parent: Command, spec: string, description: string, writes = true): Command {
  return addTargetOptions(parent.command(spec).description(description).addOption(dirOption()).addOption(jsonOption()), { writes })
}

function getCollection(api: ApiClient, slug: string): Promise<Answers['Collection']> {
  return call<Answers['Collection']>(api, 'GET', `/collections/${encodeURIComponent(slug)}`)
}

type FieldView = Answers['Collection']['fields'][number]

/** A field named by uuid, name, or `group.child`. */
function resolveField(fields: FieldView[], ref: string): { field: FieldView; parent: FieldView | null; siblings: FieldView[] } {
  for (const f of fields) {
    if (f.uuid === ref || f.name === ref) return { field: f, parent: null, siblings: fields }
    for (const c of f.children ?? []) if (c.uuid === ref || `${f.name}.${c.name}` === ref) return { field: c, parent: f, siblings: f.children ?? [] }
  }
  throw new CliError(`Field not found: ${ref}`, EXIT.problem)
}

function describeFields(fields: FieldView[], indent = '  '): string[] {
  const lines: string[] = []
  for (const f of fields) {
    const v = f.validations as { required?: { status?: boolean }; unique?: { status?: boolean } } | undefined
    const flags = [v?.required?.status ? 'required' : '', v?.unique?.status ? 'unique' : ''].filter(Boolean)
    lines.push(`${indent}${f.name} (${f.type})${flags.length ? ` [${flags.join(', ')}]` : ''}${f.label && f.label !== f.name ? `  "${f.label}"` : ''}`)
    if (f.children) lines.push(...describeFields(f.children, `${indent}  `))
  }
  return lines
}

function fieldBody(opts: Json, base: Json = {}): Json {
  const body: Json = { ...base }
  if (typeof opts.type === 'string') body.type = opts.type
  if (typeof opts.label === 'string') body.label = opts.label
  if (typeof opts.name === 'string') body.name = opts.name
  if (typeof opts.description === 'string') body.description = opts.description
  if (typeof opts.options === 'string') body.options = parseJsonArg(opts.options, '--options')
  if (typeof opts.children === 'string') body.children = parseJsonArg(opts.children, '--children')
  const validations: Json = typeof opts.validations === 'string' ? (parseJsonArg(opts.validations, '--validations') as Json) : { ...((base.validations as Json | undefined) ?? {}) }
  if (typeof opts.required === 'boolean') validations.required = { ...(validations.required as Json | undefined), status: opts.required }
  if (typeof opts.unique === 'boolean') validations.unique = { ...(validations.unique as Json | undefined), status: opts.unique }
  if (typeof opts.validations === 'string' || typeof opts.required === 'boolean' || typeof opts.unique === 'boolean') body.validations = validations
  if (typeof opts.target === 'string') body.options = { ...((body.options as Json | undefined) ?? (base.options as Json | undefined) ?? {}), relation: { type: opts.many ? 2 : 1, collection: opts.target } }
  if (opts.force) body.force = true
  return body
}

export function registerSchemaCommands(program: Command): void {
  const collection = program.command('collection').description('create, list, show, rename and remove collections')

  command(collection, 'add <slug>', 'create a collection')
    .option('--name <name>', 'display name (default: the slug)')
    .option('--singleton', 'one entry per locale')
    .option('--fields <json>', 'fields as a JSON array (or @file.json), group children nested')
    .action(async (slug: string, opts: Opts & { name?: string; singleton?: boolean; fields?: string }) => {
      const body: Json = { name: opts.name ?? slug, slug, is_singleton: opts.singleton === true }
      if (opts.fields) body.fields = parseJsonArg(opts.fields, '--fields')
      const c = await withApi(opts, (api) => call<Answers['Collection']>(api, 'POST', '/collections', body))
      out(opts, c, `Created collection ${slug} (${c.name}) with ${c.fields.length} field(s)`)
    })

  command(collection, 'list', 'list collections in order', false)
    .action(async (opts: Opts) => {
      const rows = await withApi(reading(opts), (api) => call<Answers['CollectionList']>(api, 'GET', '/collections', undefined))
      out(opts, rows, rows.length === 0 ? 'No collections.' : formatTable(['SLUG', 'NAME', 'KIND'], rows.map((c) => [c.slug, c.name, c.is_singleton ? 'singleton' : ''])))
    })

  command(collection, 'show <slug>', 'show a collection and its fields', false)
    .action(async (slug: string, opts: Opts) => {
      const c = await withApi(reading(opts), (api) => getCollection(api, slug))
      out(opts, c, [`${String(c.slug)} — ${String(c.name)}${c.is_singleton ? ' (singleton)' : ''}`, `uuid: ${String(c.uuid)}`, 'fields:', ...describeFields(c.fields)].join('\n'))
    })

  command(collection, 'rename <slug> [new-slug]', 'change a collection\'s slug and/or name; relations to it follow')
    .option('--name <name>', 'new display name')
    .action(async (slug: string, newSlug: string | undefined, opts: Opts & { name?: string }) => {
      if (!newSlug && !opts.name) throw new CliError('Give a new slug, --name, or both.', EXIT.problem)
      const body: Json = {}
      if (newSlug) body.slug = newSlug
      if (opts.name) body.name = opts.name
      const c = await withApi(opts, (api) => call(api, 'PUT', `/collections/${encodeURIComponent(slug)}`, body))
      out(opts, c, `Renamed collection ${slug} → ${String(c.slug)} (${String(c.name)})`)
    })

  command(collection, 'remove <slug>', 'delete a collection with all its entries and versions')
    .option('--force', 'confirm: the entries go with it')
    .action(async (slug: string, opts: Opts) => {
      if (!opts.force) throw new CliError(`Removing "${slug}" deletes all its entries and versions. Pass --force to confirm.`, EXIT.problem)
      const body = { slug }
      await withApi(opts, (api) => call(api, 'DELETE', `/collections/${encodeURIComponent(slug)}`, body))
      out(opts, { message: `Collection ${slug} removed.` }, `Removed collection ${slug}`)
    })

  const field = program.command('field').description('add, update, remove and move fields of a collection')
  const fieldFlags = (cmd: Command) => cmd
    .option('--label <label>', 'label shown to editors')
    .option('--description <text>', 'help text')
    .option('--required', 'value required').option('--no-required', 'value not required')
    .option('--unique', 'value unique per collection').option('--no-unique', 'value need not be unique')
    .option('--options <json>', 'options object as JSON (or @file)')
    .option('--validations <json>', 'validations object as JSON (or @file)')
    .option('--target <collection>', 'relation target collection')
    .option('--many', 'relation to many entries (with --target)')
    .option('--force', 'apply even when existing entries do not satisfy the change')

  fieldFlags(command(field, 'add <collection> <name>', 'add a field (a group child with --parent)'))
    .requiredOption('--type <type>', 'field type (text, longtext, richtext, slug, email, password, number, enumeration, boolean, color, date, time, media, relation, json, group)')
    .option('--parent <group>', 'add inside this group (name or uuid)')
    .option('--children <json>', 'group children as a JSON array (or @file)')
    .action(async (slug: string, name: string, opts: Opts & Json) => {
      const body = fieldBody({ ...opts, name })
      const f = await withApi(opts, async (api) => {
        if (typeof opts.parent === 'string') {
          const c = await getCollection(api, slug)
          body.parent_field_id = resolveField(c.fields, opts.parent).field.uuid
        }
        return call(api, 'POST', `/collections/${encodeURIComponent(slug)}/fields`, body)
      })
      out(opts, f, `Added field ${String(f.name)} (${String(f.type)}) to ${slug}`)
    })

  fieldFlags(command(field, 'update <collection> <field>', 'change a field (named by name, group.child or uuid)'))
    .option('--name <name>', 'new name (stored values follow)')
    .option('--type <type>', 'new type')
    .action(async (slug: string, ref: string, opts: Opts & Json) => {
      const f = await withApi(opts, async (api) => {
        const c = await getCollection(api, slug)
        const { field: current } = resolveField(c.fields, ref)
        const body = fieldBody(opts, { validations: current.validations })
        return call(api, 'PUT', `/collections/${encodeURIComponent(slug)}/fields/${current.uuid}`, body)
      })
      out(opts, f, `Updated field ${String(f.name)} (${String(f.type)}) in ${slug}`)
    })

  command(field, 'remove <collection> <field>', 'remove a field and its stored values')
    .action(async (slug: string, ref: string, opts: Opts) => {
      const name = await withApi(opts, async (api) => {
        const c = await getCollection(api, slug)
        const { field: current } = resolveField(c.fields, ref)
        await call(api, 'DELETE', `/collections/${encodeURIComponent(slug)}/fields/${current.uuid}`, undefined)
        return current.name
      })
      out(opts, { message: `Field ${name} removed from ${slug}.` }, `Removed field ${name} from ${slug}`)
    })

  command(field, 'move <collection> <field>', 'move a field to a position among its siblings')
    .requiredOption('--to <position>', '1-based position (1 = first)')
    .action(async (slug: string, ref: string, opts: Opts & { to: string }) => {
      const to = Number(opts.to)
      if (!Number.isInteger(to) || to < 1) throw new CliError('--to must be a position 1, 2, 3 ...', EXIT.problem)
      const result = await withApi(opts, async (api) => {
        const c = await getCollection(api, slug)
        const { field: current, siblings } = resolveField(c.fields, ref)
        const list = siblings.filter((s) => s.uuid !== current.uuid)
        list.splice(Math.min(to - 1, list.length), 0, current)
        const body = { fields: list.map((s, order) => ({ uuid: s.uuid, order })) }
        const r = await call(api, 'POST', `/collections/${encodeURIComponent(slug)}/fields/reorder`, body)
        return { ...r, fields: list.map((s) => s.name) }
      })
      out(opts, result, `Moved; order is now: ${result.fields.join(', ')}`)
    })

  const locale = program.command('locale').description('add and remove project locales, set the default')
  const localeOut = (opts: Opts, p: Json) => out(opts, p, `Locales: ${(p.locales as string[]).map((l) => (l === p.default_locale ? `${l} (default)` : l)).join(', ')}`)

  command(locale, 'add <locale>', 'add a locale to the project')
    .action(async (code: string, opts: Opts) => {
      const body = { locale: code }
      localeOut(opts, await withApi(opts, (api) => call(api, 'POST', '/project/locales', body)))
    })

  command(locale, 'default <locale>', 'make a locale the project default')
    .action(async (code: string, opts: Opts) => {
      const body = { locale: code }
      localeOut(opts, await withApi(opts, (api) => call(api, 'PUT', '/project/locales/default', body)))
    })

  command(locale, 'remove <locale>', 'remove a locale (refused while entries use it, unless --force deletes them)')
    .option('--force', 'also delete the entries in this locale')
    .action(async (code: string, opts: Opts) => {
      const body = opts.force ? { force: true } : {}
      localeOut(opts, await withApi(opts, (api) => call(api, 'DELETE', `/project/locales/${encodeURIComponent(code)}`, body)))
    })
}
