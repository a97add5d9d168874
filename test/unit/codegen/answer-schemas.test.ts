import { readFile } from 'node:fs/promises'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, without declarations
import { renderAnswerSchemas } from '../../../scripts/gen-answer-schemas.mjs'
import { ANSWER_DEFINITIONS, ANSWER_SCHEMAS, INPUT_SCHEMAS } from '../../../src/codegen/answer-schemas.ts'
import { generateOpenApi } from '../../../src/codegen/openapi.ts'
import { collectRoutes } from '../../../src/server/http/route-inventory.ts'
import { checkAnswer, checkStatus } from '../../../src/server/http/answer-check.ts'
import type { Collection } from '../../../src/core/types.ts'

/**
 * Routes that name what they answer (src/server/http/answers.ts): the schemas are generated from
 * the TypeScript types, the OpenAPI document uses them, and the suite's contract check refuses an
 * answer the type does not allow.
 */
describe('answer schemas', () => {
  it('every route says what it answers: a named type (JSON), or what else it produces', async () => {
    const routes = await collectRoutes()
    expect(routes.length).toBeGreaterThan(100)
    expect(routes.filter((r) => !r.answer && !r.produces).map((r) => `${r.method} ${r.path}`)).toEqual([])
    // Every named answer and input is one some route uses: none left over from a removed route.
    const used = new Set<string>(routes.flatMap((r) => [r.answer, r.input].filter((name): name is NonNullable<typeof name> => name !== undefined)))
    expect([...Object.keys(ANSWER_SCHEMAS), ...Object.keys(INPUT_SCHEMAS)].filter((name) => !used.has(name))).toEqual([])
  })

  it('src/codegen/answer-schemas.ts is what the types in answers.ts give now (npm run schemas:answers)', async () => {
    const file = await readFile(new URL('../../../src/codegen/answer-schemas.ts', import.meta.url), 'utf8')
    expect(file === (renderAnswerSchemas() as string), 'src/codegen/answer-schemas.ts is out of date: run `npm run schemas:answers`').toBe(true)
  })

  it('the OpenAPI document answers every such route with its schema, and every $ref in it resolves', async () => {
    const routes = await collectRoutes()
    const generic = (r: { path: string }) => !r.path.includes(':collection')
    const answered = routes.filter((r) => r.answer && generic(r))
    expect(answered.map((r) => `${r.method} ${r.path}`)).toContain('GET /webhooks/:uuid')
    // One collection, so the entry routes (`/:collection/...`) are in the document too, under its slug.
    const posts: Collection = { uuid: 'c1', name: 'Posts', slug: 'posts', is_singleton: false, order: 0, created_at: '', updated_at: '', fields: [] }
    const pathOf = (route: { path: string }) => route.path.replace(':collection', 'posts').replace(/:(\w+)/g, '{$1}')
    const doc = generateOpenApi({ name: 'P', description: null, api: 'public' }, [posts], routes) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; requestBody?: { required: boolean; content: Record<string, { schema: unknown }> } }>>
      components: { schemas: Record<string, unknown> }
    }
    for (const route of answered) {
      const op = doc.paths[pathOf(route)]![route.method.toLowerCase()]!
      const ok = op.responses['200'] ?? op.responses['201'] ?? op.responses['202']
      expect(ok?.content?.['application/json']?.schema, `${route.method} ${route.path}`).toEqual(ANSWER_SCHEMAS[route.answer!])
    }
    const inputs = routes.filter((r) => r.input && generic(r))
    expect(inputs.map((r) => `${r.method} ${r.path}`)).toContain('POST /webhooks')
    for (const route of inputs) {
      const op = doc.paths[pathOf(route)]![route.method.toLowerCase()]!
      expect(op.requestBody?.content['application/json']?.schema, `${route.method} ${route.path}`).toEqual(INPUT_SCHEMAS[route.input!])
      expect(op.requestBody?.required, `${route.method} ${route.path}: a body the route reads as optional`).toBe(!route.optionalBody)
    }
    for (const route of routes.filter((r) => r.produces === 'empty' && !r.path.includes(':collection'))) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!
      expect(Object.keys(op.responses), `${route.method} ${route.path}`).toContain('204')
    }
    for (const name of Object.keys(ANSWER_DEFINITIONS)) expect(doc.components.schemas[name]).toEqual(ANSWER_DEFINITIONS[name])
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)
    expect(refs.filter((name) => !(name in doc.components.schemas))).toEqual([])
  })

  it('a collection\'s entry routes answer with its own entry schema wherever the generic entry was', async () => {
    const routes = await collectRoutes()
    const articles = { uuid: '00000000-0000-4000-8000-000000000001', name: 'Articles', slug: 'articles', is_singleton: false, order: 0, created_at: '', updated_at: '', fields: [] }
    const doc = generateOpenApi({ name: 'P', description: null, api: 'public' }, [articles], routes) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>
      components: { schemas: Record<string, unknown> }
    }
    const ok = (path: string, method: string) => {
      const responses = doc.paths[path]![method]!.responses
      return JSON.stringify((responses['200'] ?? responses['201'])?.content?.['application/json']?.schema)
    }
    // One entry, a published one, a bulk write and the list: the collection's entry, never the generic one.
    for (const [path, method] of [['/articles/{uuid}', 'get'], ['/articles/{uuid}/publish', 'post'], ['/bulk/articles/entries', 'post'], ['/articles', 'get']] as const) {
      expect(ok(path, method), `${method} ${path}`).toContain('"#/components/schemas/ArticlesEntry"')
      expect(ok(path, method), `${method} ${path}`).not.toContain('Cms.EntryJson')
    }
    // The collection's entry is the generic one with the collection's fields (and only those: a typed client refuses another name).
    const generic = ANSWER_DEFINITIONS['Cms.EntryJson'] as { properties: Record<string, unknown> }
    expect(doc.components.schemas.ArticlesEntry).toEqual({ ...generic, properties: { ...generic.properties, fields: { $ref: '#/components/schemas/ArticlesFields' } } })
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)
    expect(refs.filter((name) => !(name in doc.components.schemas))).toEqual([])
  })

  it('every answer and input schema is a valid JSON Schema and compiles (the check compiles them without asking)', () => {
    const ajv = new Ajv({ allErrors: true, strict: false })
    for (const [name, schema] of [...Object.entries(ANSWER_SCHEMAS), ...Object.entries(INPUT_SCHEMAS)]) {
      const whole = { ...schema, components: { schemas: ANSWER_DEFINITIONS } }
      expect(ajv.validateSchema(whole), `${name}: ${ajv.errorsText(ajv.errors)}`).toBe(true)
      expect(() => ajv.compile(whole), name).not.toThrow()
    }
  })

  it('the contract check passes an answer of the type and refuses one that is not, naming the route', async () => {
    const queued = { delivery_id: 'd2', redelivery_of: 'd1', webhook_id: 'w1', event: 'content.published', queued: true }
    await expect(checkAnswer('WebhookRedelivery', 'POST /webhooks/deliveries/:delivery/redeliver', queued)).resolves.toBeUndefined()
    const json = new Response(JSON.stringify({ ...queued, queued: 'yes' }), { status: 202, headers: { 'content-type': 'application/json' } })
    await expect(checkAnswer('WebhookRedelivery', 'POST /webhooks/deliveries/:delivery/redeliver', json)).rejects.toThrow(/POST \/webhooks\/deliveries\/:delivery\/redeliver answered what its type WebhookRedelivery does not allow/)
    // The success status is the one the route declares (200 unless it says).
    expect(() => checkStatus('POST /webhooks', 201, 201)).not.toThrow()
    expect(() => checkStatus('POST /webhooks', 200, 201)).toThrow(/POST \/webhooks answered 200, but its route declares 201/)
    expect(() => checkStatus('POST /auth/signup', 202, [201, 202])).not.toThrow()
    expect(() => checkStatus('GET /webhooks', 201, undefined)).toThrow(/declares 200/)
    // An error answer is not the route's answer: not checked.
    await expect(checkAnswer('WebhookRedelivery', 'x', new Response('{"message":"no"}', { status: 404, headers: { 'content-type': 'application/json' } }))).resolves.toBeUndefined()
  })
})
