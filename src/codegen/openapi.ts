import type { Collection, Field, Project } from '../core/types.ts'
import { collectionSchema, isMultiRef, isRepeatableScalar, type JsonSchema } from '../schema/json-schema.ts'
import { markdownText } from './escape.ts'
import { ANSWER_DEFINITIONS, ANSWER_SCHEMAS, INPUT_SCHEMAS } from './answer-schemas.ts'

/** An OpenAPI 3.1 document (its parts are described by the OpenAPI specification, not here). */
export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description?: string }
  servers: Array<{ url: string }>
  paths: Record<string, unknown>
  components: { securitySchemes: Record<string, unknown>; parameters: Record<string, unknown>; responses: Record<string, unknown>; schemas: Record<string, unknown> }
}

/** What the generator needs of a route (server/access/route-access.ts RouteSpec, without the handler). */
export interface RouteInfo {
  method: string
  path: string
  ability: string | null
  token?: 'always' | 'private-only'
  /** Project auth (/auth/*): open to anyone, for a signed-in end user, or for a project token. */
  projectAuth?: 'open' | 'user' | 'client'
  summary: string
  /** What it answers, by name (server/http/answers.ts): its schema is in answer-schemas.ts. */
  answer?: string
  /** What its JSON body is, by name (server/http/answers.ts `Inputs`): its schema is in answer-schemas.ts. */
  input?: string
  /** The body may be left out. */
  optionalBody?: true
  /** Its success status when not 200 (server/access/route-access.ts `SuccessStatus`). */
  status?: 201 | 202 | readonly [201, 202]
  /** What it answers that is not JSON (server/access/route-access.ts `Produces`). */
  produces?: 'empty' | 'redirect' | 'html' | 'script' | 'events' | 'file'
}

/**
 * The OpenAPI 3.1 document of a project: every route of the route table with the ability it
 * needs as a security requirement; the entry routes (`/{collection}...`) once per collection,
 * with that collection's request and response schemas; the error shapes; the listing
 * parameters. Pure and stable (sorted), like the types (codegen/types.ts).
 */
export function generateOpenApi(project: Pick<Project, 'name' | 'description' | 'api'>, collections: readonly Collection[], routes: readonly RouteInfo[], version = '0.0.0'): OpenApiDocument {
  const sorted = [...collections].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
  const paths: Record<string, Record<string, unknown>> = {}
  const schemas: Record<string, JsonSchema> = { ...BASE_SCHEMAS, ...(ANSWER_DEFINITIONS as Record<string, JsonSchema>) }
  for (const c of sorted) {
    const name = schemaName(c.slug)
    schemas[`${name}Fields`] = outputObject(c.fields, sorted, false)
    schemas[`${name}RelatedFields`] = outputObject(c.fields, sorted, true)
    schemas[`${name}Entry`] = entrySchema(`${name}Fields`)
    schemas[`${name}Input`] = collectionSchema(c, 'input')
  }
  const seen = new Set<string>()
  for (const route of routes) {
    const key = `${route.method} ${route.path}`
    if (seen.has(key) || route.path.includes('*')) continue
    seen.add(key)
    if (route.path.includes(':collection')) {
      for (const c of sorted) addOperation(paths, route, project, c)
    } else addOperation(paths, route, project, null)
  }
  const orderedPaths = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]))
  uniqueOperationIds(orderedPaths)
  return {
    openapi: '3.1.0',
    info: { title: `${project.name} content API`, version, ...(project.description ? { description: markdownText(project.description) } : {}) },
    servers: [{ url: '/' }],
    paths: orderedPaths,
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer', description: 'An API token; the roles listed on each operation are the abilities it needs.' },
        endUser: { type: 'http', scheme: 'bearer', description: 'An end user\'s access token, from POST /auth/login, /auth/signup or /auth/refresh (project auth on).' },
        editorSession: { type: 'apiKey', in: 'cookie', name: 'cms_session', description: 'The editor\'s session, from signing in to the editor (a sign-in link or a pasted token): the abilities of that token, or all of them for a link. A request other than GET or HEAD must come from the editor\'s own origin; scripts use a token.' },
      },
      parameters: PARAMETERS,
      responses: RESPONSES,
      schemas: Object.fromEntries(Object.keys(schemas).sort().map((k) => [k, schemas[k]])),
    },
  }
}

function addOperation(paths: Record<string, Record<string, unknown>>, route: RouteInfo, project: Pick<Project, 'api'>, c: Collection | null): void {
  const params: string[] = []
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'collection' && c) return c.slug
    params.push(name)
    return `{${name}}`
  })
  const method = route.method.toLowerCase()
  const entity = c ? schemaName(c.slug) : null
  const op: Record<string, unknown> = {
    operationId: operationId(route.method, path),
    summary: route.summary.replace(/`/g, ''),
    tags: [c ? c.slug : tagOf(route.path)],
    parameters: [
      { $ref: '#/components/parameters/ProjectId' },
      ...params.map((name) => ({ name, in: 'path', required: true, schema: name === 'n' ? { type: 'integer', minimum: 1 } : { type: 'string' } })),
      ...(method === 'get' && c && route.path === '/:collection' ? LIST_PARAMS.map((p) => ({ $ref: `#/components/parameters/${p}` })) : []),
      ...(method === 'get' && c && route.path === '/:collection/:uuid' ? ENTRY_PARAMS.map((p) => ({ $ref: `#/components/parameters/${p}` })) : []),
    ],
    security: security(route, project),
    responses: responsesFor(route, method, entity),
  }
  if (['post', 'put', 'patch'].includes(method) && entity && (route.path === '/:collection' || route.path === '/:collection/:uuid')) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: {
        type: 'object', required: ['data'],
        properties: {
          data: method === 'patch' ? { $ref: `#/components/schemas/${entity}Input`, description: 'Fields to merge (any subset).' } : { $ref: `#/components/schemas/${entity}Input` },
          state: { enum: ['draft', 'published'] },
          locale: { type: 'string' },
        },
      } } },
    }
  } else if (route.input && INPUT_SCHEMAS[route.input]) {
    // A collection's bodies carry its own fields where the generic type says FieldValues.
    op.requestBody = { required: !route.optionalBody, content: { 'application/json': { schema: INPUT_SCHEMAS[route.input] } } }
  } else if (['post', 'put', 'patch'].includes(method)) {
    op.requestBody = { required: false, content: { 'application/json': { schema: ANY_OBJECT } } }
  }
  ;(paths[path] ??= {})[method] = op
}

function security(route: RouteInfo, project: Pick<Project, 'api'>): unknown[] {
  if (route.projectAuth === 'user') return [{ endUser: [] }]
  if (route.ability === null) return [{}]
  const needed = [{ token: [route.ability] }, { editorSession: [route.ability] }]
  // Public projects let anyone read without a token (except routes that always need one).
  return route.ability === 'read' && route.token !== 'always' && project.api === 'public' ? [{}, ...needed] : needed
}

function responsesFor(route: RouteInfo, method: string, entity: string | null): Record<string, unknown> {
  const errors = {
    400: { $ref: '#/components/responses/BadRequest' },
    401: { $ref: '#/components/responses/Unauthenticated' },
    403: { $ref: '#/components/responses/Forbidden' },
    404: { $ref: '#/components/responses/NotFound' },
    429: { $ref: '#/components/responses/TooManyRequests' },
    ...(method !== 'get' ? { 422: { $ref: '#/components/responses/ValidationFailed' } } : {}),
  }
  const json = (schema: JsonSchema, description = 'OK') => ({ description, content: { 'application/json': { schema } } })
  let ok: unknown = json({})
  const declared = route.answer ? (entity ? forCollection(ANSWER_SCHEMAS[route.answer], entity) : ANSWER_SCHEMAS[route.answer]) : undefined
  if (route.produces === 'empty') return { 204: { description: 'Done (no content)' }, ...errors }
  if (route.produces === 'redirect') return { 303: { description: 'See Other: the page it leads to (`Location`)' }, ...errors }
  if (declared) ok = json(declared as JsonSchema)
  else if (route.produces && route.produces in OTHER_ANSWERS) ok = OTHER_ANSWERS[route.produces]
  if (method === 'delete' && entity && !declared) return { 200: { description: 'Deleted' }, 204: { description: 'Deleted' }, ...errors }
  const statuses = route.status === undefined ? [200] : typeof route.status === 'number' ? [route.status] : [...route.status]
  // A create is also listed under 200, as before: clients generated from older documents read that.
  const ok2xx = Object.fromEntries([...statuses, ...(statuses.includes(201) ? [200] : [])].map((s) => [String(s), ok]))
  return { ...ok2xx, ...errors, ...(method === 'get' ? { 304: { description: 'Not modified (ETag matched)' } } : {}) }
}

/** The generic entry of the answer types (service/entries/view.ts EntryJson), as a component. */
const ENTRY_JSON = '#/components/schemas/Cms.EntryJson'

/**
 * An answer schema for one collection's route: every `Cms.EntryJson` in it, however deep in the
 * named types, becomes the collection's `<Collection>Entry`. Named types that hold no entry
 * stay refs; the ones that do are inlined with the substitution.
 */
function forCollection(schema: Record<string, unknown> | undefined, entity: string): JsonSchema | undefined {
  if (!schema) return undefined
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const ref = (node as { $ref?: unknown }).$ref
    if (typeof ref === 'string') {
      if (ref === ENTRY_JSON) return { ...node, $ref: `#/components/schemas/${entity}Entry` }
      const name = ref.replace('#/components/schemas/', '')
      if (holdsEntry(name)) return walk(ANSWER_DEFINITIONS[name])
      return node
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]))
  }
  return walk(schema) as JsonSchema
}

const holding = new Map<string, boolean>()
/** Whether a named answer type refers to `Cms.EntryJson`, directly or through other named types. */
function holdsEntry(name: string, seen = new Set<string>()): boolean {
  const known = holding.get(name)
  if (known !== undefined) return known
  if (seen.has(name)) return false
  seen.add(name)
  const refs = [...JSON.stringify(ANSWER_DEFINITIONS[name] ?? {}).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)
  const holds = refs.some((r) => `#/components/schemas/${r}` === ENTRY_JSON || holdsEntry(r, seen))
  holding.set(name, holds)
  return holds
}

/** What the document says of an answer that is not JSON, by the route's `produces`. */
const OTHER_ANSWERS: Record<string, unknown> = {
  html: { description: 'A page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } },
  script: { description: 'A script', content: { 'text/javascript': { schema: { type: 'string' } } } },
  events: { description: 'A stream of server-sent events', content: { 'text/event-stream': { schema: { type: 'string' } } } },
  file: { description: 'The file\'s bytes, with its own Content-Type', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } },
}

const tagOf = (path: string): string => path.split('/')[1] || 'project'
const schemaName = (slug: string): string => {
  const base = slug.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') || 'Collection'
  return /^\d/.test(base) ? `C${base}` : base
}
function operationId(method: string, path: string): string {
  // The server's own routes (`/_events`, `/_search`) say so: a collection may be called `events`.
  const words = path.split('/').filter(Boolean).map((s) => (s.startsWith('_') ? `cms-${s.slice(1)}` : s).replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase()))
  return [method.toLowerCase(), ...words.map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))].join('') || method.toLowerCase()
}

// ---- output shapes (service/entries/view.ts) -----------------------------------------------

/** A collection's entry: the generic entry (`Cms.EntryJson`, from the answer types) with that collection's own `fields` in place of any. */
function entrySchema(fields: string): JsonSchema {
  const generic = ANSWER_DEFINITIONS['Cms.EntryJson'] as { properties: Record<string, JsonSchema> }
  return { ...generic, properties: { ...generic.properties, fields: { $ref: `#/components/schemas/${fields}` } } }
}

function outputObject(fields: readonly Field[], all: readonly Collection[], shallow: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const f of fields) {
    if (f.type === 'password' || f.options.hiddenInAPI) continue
    properties[f.name] = { anyOf: [outputValue(f, all, shallow), { type: 'null' }] }
    required.push(f.name)
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

function outputValue(f: Field, all: readonly Collection[], shallow: boolean): JsonSchema {
  if (f.type === 'group') {
    const one = outputObject(f.children ?? [], all, shallow)
    return f.options.repeatable ? { type: 'array', items: one } : one
  }
  if (f.type === 'relation') {
    const ref = f.options.relation?.collection
    const target = all.find((c) => c.slug === ref || c.uuid === ref)
    const one: JsonSchema = shallow || !target
      ? { $ref: '#/components/schemas/RelationStub' }
      : { anyOf: [entrySchema(`${schemaName(target.slug)}RelatedFields`), { $ref: '#/components/schemas/RelationStub' }] }
    return isMultiRef(f) ? { type: 'array', items: one } : one
  }
  if (f.type === 'media') return isMultiRef(f) ? { type: 'array', items: assetSchema() } : assetSchema()
  if (f.type === 'enumeration') {
    const list = (f.options.enumeration?.list ?? []).map((v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
    return { type: 'array', items: list.length ? { enum: [...new Set(list)] } : { type: ['string', 'number', 'boolean'] } }
  }
  const scalar = scalarOut(f)
  return isRepeatableScalar(f) ? { type: 'array', items: scalar } : scalar
}

function scalarOut(f: Field): JsonSchema {
  switch (f.type) {
    case 'number': return { type: 'number' }
    case 'boolean': return { type: 'boolean' }
    case 'json': return {}
    case 'richtext': return { type: ['string', 'object'] }
    case 'date': {
      const one = { type: 'string', format: f.options.includeTime ? 'date-time' : 'date' }
      return f.options.mode === 'range' ? { type: 'object', required: ['start', 'end'], properties: { start: one, end: one } } : one
    }
    case 'time': return { type: 'string', pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?$' }
    default: return { type: 'string' }
  }
}

/**
 * An object with any members. Said explicitly: generators read a bare `{type: object}` as an
 * object with no members (openapi-typescript: `Record<string, never>`), which no value fits.
 */
const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true }

const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] })

/** A media field's asset: what `/files` answers (the `Asset` answer: core/types.ts AssetJson). */
const assetSchema = (): JsonSchema => ({ ...ANSWER_SCHEMAS.Asset })

const BASE_SCHEMAS: Record<string, JsonSchema> = {
  Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  ValidationError: { type: 'object', required: ['message', 'errors'], properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } },
  RelationStub: { type: 'object', required: ['uuid'], properties: { uuid: { type: 'string', format: 'uuid' } } },
  Count: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  PageLinks: { type: 'object', required: ['first', 'last', 'prev', 'next'], properties: { first: { type: 'string' }, last: { type: 'string' }, prev: nullable('string'), next: nullable('string') } },
  PageMeta: {
    type: 'object', required: ['current_page', 'from', 'last_page', 'path', 'per_page', 'to', 'total'],
    properties: { current_page: { type: 'integer' }, from: nullable('integer'), last_page: { type: 'integer' }, path: { type: 'string' }, per_page: { type: 'integer' }, to: nullable('integer'), total: { type: 'integer' } },
  },
}

const error = (description: string, schema = 'Error') => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } })
const RESPONSES = {
  BadRequest: error('The request is malformed (a parameter, the query string, the body).'),
  Unauthenticated: error('No valid token where one is needed.'),
  Forbidden: error('The token lacks the ability this route needs.'),
  NotFound: error('No such project, collection or entry.'),
  TooManyRequests: error('Rate limit reached; see Retry-After.'),
  ValidationFailed: error('The data does not fit the collection schema.', 'ValidationError'),
}

const query = (name: string, schema: JsonSchema, description: string) => ({ name, in: 'query', required: false, schema, description })
const PARAMETERS = {
  ProjectId: { name: 'project-id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' }, description: 'The project uuid.' },
  locale: query('locale', { type: 'string' }, 'Only entries in this locale (singletons: default locale).'),
  state: query('state', { enum: ['published', 'draft', 'only_draft'] }, 'published (default), draft (live values) or only_draft.'),
  where: { name: 'where', in: 'query', required: false, style: 'deepObject', explode: true, schema: ANY_OBJECT, description: 'Filters: where[field]=v, where[field][op]=v (eq, not, lt, lte, gt, gte, like, not_like, in, not_in, null, not_null, between, not_between), where[or][0][field]=v, where[relation][field]=v.' },
  sort: query('sort', { type: 'string' }, 'field:asc|desc, comma-separated.'),
  paginate: query('paginate', { type: 'integer', minimum: 1 }, 'Page size; answers {data, links, meta}.'),
  page: query('page', { type: 'integer', minimum: 1 }, 'Page number with paginate.'),
  limit: query('limit', { type: 'integer', minimum: 0 }, 'At most this many entries (without paginate).'),
  offset: query('offset', { type: 'integer', minimum: 0 }, 'Skip this many entries (with limit).'),
  first: query('first', { type: 'string' }, 'Answer the first match as one object.'),
  count: query('count', { type: 'string' }, 'Answer {count}.'),
  timestamps: query('timestamps', { type: 'string' }, 'Include created_at and updated_at.'),
  exclude: query('exclude', { type: 'string' }, 'Field names to leave out, comma-separated.'),
  translation_locale: query('translation_locale', { type: 'string' }, 'The linked translation in this locale.'),
}
const LIST_PARAMS = ['locale', 'state', 'where', 'sort', 'paginate', 'page', 'limit', 'offset', 'first', 'count', 'timestamps', 'exclude']
const ENTRY_PARAMS = ['state', 'timestamps', 'exclude', 'translation_locale']

/** OpenAPI wants every operationId once: a collection's slug can still spell a fixed route's words. */
function uniqueOperationIds(paths: Record<string, Record<string, unknown> | undefined>): void {
  const used = new Set<string>()
  for (const ops of Object.values(paths)) {
    for (const op of Object.values(ops ?? {}) as Array<{ operationId?: string }>) {
      if (!op || typeof op !== 'object' || !op.operationId) continue
      let id = op.operationId
      for (let n = 2; used.has(id); n++) id = `${op.operationId}${n}`
      op.operationId = id
      used.add(id)
    }
  }
}
