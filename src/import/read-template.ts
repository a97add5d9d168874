import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { JSONParser } from '@streamparser/json'
import { CmsError } from '../core/errors.ts'

/** A project template as the hosted service exports it (v3 and v4 forms), without its entries. */
export interface TemplateHeader {
  name?: string
  slug?: string
  description?: string | null
  default_locale?: string
  locales?: string[]
  public_api?: boolean
  collections?: Array<{ name: string; slug: string; is_singleton?: boolean; fields?: RawField[] }>
}
export interface RawField { type: string; label?: string; name: string; description?: string | null; placeholder?: string | null; options?: unknown; validations?: unknown; children?: RawField[] }
export interface RawEntry { id?: string | number; locale?: string; status?: string; state?: string; translation_group_id?: string | null; fields?: Record<string, unknown> }

/** One `demo_data` group: the collection it names (null when it names none) and its entries' range in file order. */
export interface TemplateGroup { collection: string | null; first: number; count: number }

/** What the first pass learns: everything but the entries, and where each template id was last seen. */
export interface TemplateScan {
  header: TemplateHeader
  groups: TemplateGroup[]
  /** Template id → ordinal (file order, over every group) of the last entry carrying it. */
  lastSeen: Map<string, number>
  entries: number
  /** The parsed template when it was small enough to parse whole (the second pass reads it, not the file). */
  whole: Record<string, unknown> | null
}

/** The top-level keys a template is read for; `demo_data` is streamed entry by entry. */
const HEADER_KEYS = ['name', 'slug', 'description', 'default_locale', 'locales', 'public_api', 'collections', 'format', 'type'] as const
const CHUNK = 1 << 20
/**
 * Templates up to this size are parsed whole by JSON.parse, which reads ~2.4× faster than the
 * streaming parser (docs/benchmarks.md, "Measurements behind the code"). Bigger ones cannot be one string (V8's
 * limit is ~536M characters) and are streamed. One that does not parse is streamed too: the
 * streaming parser names the byte at fault.
 */
const WHOLE_MAX_BYTES = 256 * 1024 * 1024
/** Entries handed over between two waits for the writer when reading a template parsed whole. */
const WHOLE_BATCH = 512

/**
 * Reads a template without ever holding it whole: a million-entry template is about 1 GB of
 * JSON, more than one JavaScript string can hold. The first pass (`scanTemplate`) checks the
 * whole file parses and keeps the header and each template id's position (relations may name
 * an entry further down); the second (`eachTemplateEntry`) hands over the entries one by one,
 * so memory holds one chunk of entries at a time whatever the template's size.
 */
export async function scanTemplate(file: string, onRead?: (bytes: number, total: number) => void): Promise<TemplateScan> {
  const header: Record<string, unknown> = {}
  const groups: TemplateGroup[] = []
  const lastSeen = new Map<string, number>()
  let ordinal = 0
  let whole: Record<string, unknown> | null = null
  await streamTemplate(file, {
    onWhole: (value) => { whole = value },
    onHeader: (key, value) => { header[key] = value },
    onCollection: (group, slug) => { groupAt(groups, group, ordinal).collection = typeof slug === 'string' ? slug : null },
    onEntry: (group, index, raw) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new CmsError('bad_request', `${file} is not a valid template: demo_data[${group}].entries[${index}] is not an object.`)
      const g = groupAt(groups, group, ordinal)
      g.count++
      const id = (raw as RawEntry).id
      if (id !== undefined && id !== null) lastSeen.set(String(id), ordinal)
      ordinal++
    },
  }, onRead)
  // Anything else would import "0 entries" and look like success.
  if (header.format !== undefined && header.format !== 'elmapicms') throw new CmsError('bad_request', `${file} is not an ElmapiCMS project template ("format" is ${JSON.stringify(header.format)}, expected "elmapicms").`)
  if (header.type !== undefined && header.type !== 'project') throw new CmsError('bad_request', `${file} is not a project template ("type" is ${JSON.stringify(header.type)}, expected "project").`)
  if (!Array.isArray(header.collections)) throw new CmsError('bad_request', `${file} is not a project template: it has no "collections" list (expected an ElmapiCMS project export: name, locales, collections and optionally demo_data).`)
  return { header: header as TemplateHeader, groups, lastSeen, entries: ordinal, whole }
}

/** The template's entries in file order, each with its `demo_data` group; `handle` may wait (the writer's back-pressure). */
export async function eachTemplateEntry(file: string, scan: TemplateScan, handle: (group: number, raw: RawEntry) => Promise<void>): Promise<void> {
  const pending: Array<[number, RawEntry]> = []
  const handlers: Handlers = {
    onEntry: (group, _index, raw) => { pending.push([group, raw as RawEntry]) },
    afterChunk: async () => {
      for (const [group, raw] of pending) await handle(group, raw)
      pending.length = 0
    },
  }
  if (scan.whole) await feedWhole(scan.whole, handlers)
  else await streamTemplate(file, handlers)
}

function groupAt(groups: TemplateGroup[], index: number, ordinal: number): TemplateGroup {
  // `collection` may come before or after a group's entries: a group starts at its first sight.
  while (groups.length <= index) groups.push({ collection: null, first: ordinal, count: 0 })
  return groups[index]!
}

interface Handlers {
  onHeader?: (key: string, value: unknown) => void
  onCollection?: (group: number, slug: unknown) => void
  onEntry: (group: number, index: number, raw: unknown) => void
  afterChunk?: () => Promise<void>
  /** Given the parsed template when it was parsed whole (the other handlers were called from it). */
  onWhole?: (value: Record<string, unknown>) => void
}

/** Calls the handlers as streaming the file would, from a template parsed whole. */
async function feedWhole(value: Record<string, unknown>, handlers: Handlers): Promise<void> {
  for (const key of HEADER_KEYS) if (key in value) handlers.onHeader?.(key, value[key])
  const groups = Array.isArray(value.demo_data) ? value.demo_data as unknown[] : []
  let sinceWait = 0
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]
    if (!group || typeof group !== 'object' || Array.isArray(group)) continue
    const { collection, entries } = group as { collection?: unknown; entries?: unknown }
    if ('collection' in group) handlers.onCollection?.(g, collection)
    if (!Array.isArray(entries)) continue
    for (let i = 0; i < entries.length; i++) {
      handlers.onEntry(g, i, entries[i])
      if (++sinceWait === WHOLE_BATCH) {
        sinceWait = 0
        await handlers.afterChunk?.()
      }
    }
  }
  await handlers.afterChunk?.()
}

/** The template parsed whole, or null when it is too big or does not parse (then it is streamed). */
async function parseWhole(file: string, size: number): Promise<Record<string, unknown> | null> {
  if (size === 0 || size > WHOLE_MAX_BYTES) return null
  let value: unknown
  try {
    value = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return null
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null
}

async function streamTemplate(file: string, handlers: Handlers, onRead?: (bytes: number, total: number) => void): Promise<void> {
  const size = await stat(file).then((s) => {
    if (s.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' })
    return s.size
  }, (error: NodeJS.ErrnoException) => { throw cannotRead(file, error) })
  if (handlers.onWhole) {
    const whole = await parseWhole(file, size).catch(() => null)
    if (whole) {
      handlers.onWhole(whole)
      await feedWhole(whole, handlers)
      onRead?.(size, size)
      return
    }
  }
  // keepStack false: an emitted entry is dropped from its array, so the parsed tree stays
  // the header's size; only the paths below are assembled at all.
  const parser = new JSONParser({
    paths: [...HEADER_KEYS.map((k) => `$.${k}`), '$.demo_data.*.collection', '$.demo_data.*.entries.*'],
    keepStack: false,
  })
  // The offset of the last token read: where a syntax error is reported (bytes, from the start).
  let at = 0
  parser.onToken = ({ offset }) => { at = offset }
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) handlers.onHeader?.(String(key), value)
    else if (stack.length === 3) handlers.onCollection?.(Number(stack[2]!.key), value)
    else if (stack.length === 4) handlers.onEntry(Number(stack[2]!.key), Number(key), value)
  }
  let read = 0
  let first = true
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
      if (first) {
        first = false
        // The paths above see nothing of a top-level array or string: say so, not "no collections".
        const start = chunk.toString('latin1', 0, 64).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart()
        if (start !== '' && !start.startsWith('{')) throw new CmsError('bad_request', `${file} is not a valid template: expected a JSON object.`)
      }
      try {
        parser.write(chunk)
      } catch (error) {
        if (error instanceof CmsError) throw error
        throw notJson(file, `near byte ${at}`, error)
      }
      read += chunk.length
      onRead?.(read, size)
      await handlers.afterChunk?.()
    }
  } catch (error) {
    if (error instanceof CmsError) throw error
    throw cannotRead(file, error as NodeJS.ErrnoException)
  }
  if (first) throw new CmsError('bad_request', `${file} is not a valid template: the file is empty.`)
  if (!parser.isEnded) {
    try {
      parser.end()
    } catch (error) {
      throw notJson(file, `it ends early, at byte ${read} (is the file complete?)`, error)
    }
  }
}

function notJson(file: string, where: string, error: unknown): CmsError {
  return new CmsError('bad_request', `${file} is not a valid template: the JSON does not parse ${where}: ${(error as Error).message}.`)
}

function cannotRead(file: string, error: NodeJS.ErrnoException): CmsError {
  const code = error.code
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : error.message
  return new CmsError('not_found', `Cannot read the template ${file}: ${why}.`)
}
