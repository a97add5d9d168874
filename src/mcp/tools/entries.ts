import qs from 'qs'
import { z } from 'zod'
import { enc, ok, run } from '../call.ts'
import { collectionArg, defineTool, uuidArg, type ToolScope } from './define.ts'

type Json = Record<string, unknown>
interface Envelope { data?: unknown[]; meta?: { current_page: number; last_page: number; total: number } }

const stateArg = z.enum(['published', 'draft', 'only_draft']).describe('published (default): published entries with their published values; draft: every entry with its live draft values; only_draft: entries never or no longer published')
const dataArg = z.record(z.string(), z.unknown()).describe('Field values keyed by field name, e.g. {"title": "Hello", "author": "<uuid>"}. See the collection schema resource for names and types.')

/**
 * Entry tools: the `/{collection}` API as tools, with the hosted MCP server's names plus
 * the lifecycle ours has (publish, unpublish, discard, trash/restore, versions, revert).
 */
export function registerEntryTools(scope: ToolScope): void {
  const { target } = scope

  defineTool(scope, 'list_entries', {
    title: 'List entries',
    kind: 'read',
    description: [
      'List or query the entries of a collection, with the full query language of the content API.',
      'Without paginate, limit, first or count, answers the first page of 25 (paginated envelope {data, links, meta}); page on with "page".',
      'where: conditions ANDed, {"field": value} for equality or {"field": {"op": value}} with op one of eq, not, lt, lte, gt, gte, like, not_like, in, not_in, null, not_null, between, not_between (in/between take an array);',
      '"or": [{...}, {...}] matches when any group matches; {"relation_field": {"field": value}} filters by the related entry. Core columns uuid, locale, created_at, updated_at, published_at filter like fields.',
      'Example: {"views": {"gte": 10}, "or": [{"title": {"like": "harbour"}}, {"featured": true}]}. Read the cms://reference/query-language resource for details.',
    ].join(' '),
    input: {
      collection: collectionArg,
      where: z.record(z.string(), z.unknown()).optional().describe('Filter, e.g. {"reading_minutes": {"gt": 5}, "or": [{"title": {"like": "boat"}}, {"featured": true}]}'),
      sort: z.string().optional().describe('field:asc or field:desc, comma-separated, e.g. "published_date:desc,title"'),
      state: stateArg.optional(),
      locale: z.string().optional().describe('Only entries of this locale, e.g. "en"'),
      paginate: z.number().int().min(1).max(1000).optional().describe('Page size; answers {data, links, meta}'),
      page: z.number().int().min(1).optional().describe('Page number with paginate (default 1)'),
      limit: z.number().int().min(0).optional().describe('At most this many entries (a plain array); ignored with paginate'),
      offset: z.number().int().min(0).optional().describe('Skip this many entries (with limit)'),
      first: z.boolean().optional().describe('Answer only the first matching entry'),
      count: z.boolean().optional().describe('Answer {count: N}, the number of matching entries'),
      exclude: z.array(z.string()).optional().describe('Field names to leave out of each entry'),
      timestamps: z.boolean().optional().describe('Add created_at and updated_at to each entry'),
    },
  }, async ({ collection, exclude, ...params }) => {
    const query: Json = { ...params }
    if (exclude?.length) query.exclude = exclude.join(',')
    if (params.paginate === undefined && params.limit === undefined && !params.first && !params.count) query.paginate = 25
    const raw = qs.stringify(query, { encodeValuesOnly: true })
    const result = await run<unknown>(target, {
      method: 'GET', path: `/${enc(collection)}${raw ? `?${raw}` : ''}`,
    })
    return ok(listSummary(collection, result), result)
  })

  defineTool(scope, 'get_entry', {
    title: 'Get an entry',
    kind: 'read',
    description: 'One entry of a collection by uuid, as {data: {uuid, locale, published_at, fields}}. state "draft" shows the live draft values; translation_locale answers the linked translation in that locale instead.',
    input: {
      collection: collectionArg,
      uuid: uuidArg,
      state: stateArg.optional(),
      translation_locale: z.string().optional().describe('Answer the translation of this entry in this locale, e.g. "de"'),
      exclude: z.array(z.string()).optional().describe('Field names to leave out'),
      timestamps: z.boolean().optional().describe('Add created_at and updated_at'),
    },
  }, async ({ collection, uuid, exclude, ...params }) => {
    const query: Json = { ...params }
    if (exclude?.length) query.exclude = exclude.join(',')
    const raw = qs.stringify(query, { encodeValuesOnly: true })
    const result = await run<{ data: Json }>(target, {
      method: 'GET', path: `/${enc(collection)}/${enc(uuid)}${raw ? `?${raw}` : ''}`,
    })
    return ok(`Entry ${String(result.data.uuid)} (${String(result.data.locale)}, ${result.data.published_at ? 'published' : 'draft'}).`, result)
  })

  defineTool(scope, 'create_entry', {
    title: 'Create an entry',
    kind: 'write',
    description: 'Create an entry in a collection. It starts as a draft unless state is "published" (then it is published as version 1). Invalid values are refused with a tool error whose errors map names each field ("data.<field>").',
    input: {
      collection: collectionArg,
      data: dataArg,
      state: z.enum(['draft', 'published']).optional().describe('draft (default) or published'),
      locale: z.string().optional().describe('Locale of the entry (default: the project default locale)'),
    },
  }, async ({ collection, ...body }) => {
    const result = await run<{ data: Json }>(target, {
      method: 'POST', path: `/${enc(collection)}`, body,
    })
    return ok(`Created entry ${String(result.data.uuid)} in ${collection} (${result.data.published_at ? 'published as version 1' : 'draft'}).`, result)
  })

  defineTool(scope, 'update_entry', {
    title: 'Update an entry',
    kind: 'write',
    idempotent: true,
    description: 'Change fields of an entry\'s draft (patch: fields not named keep their values). With state "published" the draft is published as the next version; otherwise publish it later with publish_entry. Invalid values come back as a tool error naming each field.',
    input: {
      collection: collectionArg,
      uuid: uuidArg,
      data: dataArg,
      state: z.enum(['draft', 'published']).optional().describe('published: also publish the result'),
    },
  }, async ({ collection, uuid, ...body }) => {
    const result = await run<{ data: Json }>(target, {
      method: 'PATCH', path: `/${enc(collection)}/${enc(uuid)}`, body,
    })
    return ok(`Updated the draft of ${uuid}${body.state === 'published' ? ' and published it' : ''}.`, result)
  })

  const lifecycle = (name: string, path: string, title: string, kind: 'write' | 'destructive', description: string) =>
    defineTool(scope, name, { title, kind, description, input: { collection: collectionArg, uuid: uuidArg } }, async ({ collection, uuid }) => {
      const result = await run<{ message: string }>(target, {
        method: 'POST', path: `/${enc(collection)}/${enc(uuid)}/${path}`,
      })
      return ok(result.message, result)
    })
  lifecycle('publish_entry', 'publish', 'Publish an entry', 'write', 'Publish the entry\'s current draft as its next version; the API then serves these values.')
  lifecycle('unpublish_entry', 'unpublish', 'Unpublish an entry', 'destructive', 'Take the entry off the published API (its versions and draft are kept; publish_entry brings it back).')
  lifecycle('discard_draft', 'discard-draft', 'Discard draft changes', 'destructive', 'Throw away unpublished changes: the draft goes back to the published version.')
  lifecycle('restore_entry', 'restore', 'Restore an entry', 'write', 'Bring an entry back from the trash (after delete_entry without force).')

  defineTool(scope, 'delete_entry', {
    title: 'Delete an entry',
    kind: 'destructive',
    description: 'Move an entry to the trash (restore_entry brings it back). With force: true it is deleted permanently with all its versions, which cannot be undone.',
    input: { collection: collectionArg, uuid: uuidArg, force: z.boolean().optional().describe('Delete permanently, with its versions (cannot be undone)') },
  }, async ({ collection, uuid, force }) => {
    const result = await run<{ message: string }>(target, {
      method: 'DELETE', path: `/${enc(collection)}/${enc(uuid)}`, ...(force ? { query: { force: 1 } } : {}),
    })
    return ok(force ? `Deleted ${uuid} permanently.` : `${result.message} (in the trash; restore_entry brings it back)`, result)
  })

  defineTool(scope, 'list_versions', {
    title: 'List versions',
    kind: 'read',
    description: 'The published versions of an entry, newest first (version_number, published_at, label, is_current_published). revert_entry goes back to one.',
    input: { collection: collectionArg, uuid: uuidArg },
  }, async ({ collection, uuid }) => {
    const result = await run<Json[]>(target, {
      method: 'GET', path: `/${enc(collection)}/${enc(uuid)}/versions`,
    })
    return ok(`${result.length} version(s) of ${uuid}.`, result)
  })

  defineTool(scope, 'revert_entry', {
    title: 'Revert to a version',
    kind: 'destructive',
    description: 'Copy version N into the draft and publish it as a new version (the current draft changes are replaced; older versions are kept).',
    input: { collection: collectionArg, uuid: uuidArg, version: z.number().int().min(1).describe('Version number from list_versions') },
  }, async ({ collection, uuid, version }) => {
    const result = await run<{ message: string }>(target, {
      method: 'POST', path: `/${enc(collection)}/${enc(uuid)}/versions/${version}/revert`,
    })
    return ok(result.message ?? `Reverted ${uuid} to version ${version}.`, result)
  })
}

function listSummary(collection: string, result: unknown): string {
  if (Array.isArray(result)) return `${result.length} entr${result.length === 1 ? 'y' : 'ies'} in ${collection}.`
  const r = result as Envelope & { count?: number; uuid?: string }
  if (typeof r.count === 'number') return `${r.count} matching entr${r.count === 1 ? 'y' : 'ies'} in ${collection}.`
  if (r.meta && Array.isArray(r.data)) {
    const m = r.meta
    return `${r.data.length} of ${m.total} entries in ${collection} (page ${m.current_page} of ${m.last_page}${m.current_page < m.last_page ? `; next: page ${m.current_page + 1}` : ''}).`
  }
  return `One entry${r.uuid ? ` (${r.uuid})` : ''} in ${collection}.`
}
