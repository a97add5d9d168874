import { z } from 'zod'
import { FIELD_TYPES } from '../../core/types.ts'
import { enc, ok, run } from '../call.ts'
import { collectionArg, defineTool, type ToolScope } from './define.ts'

type Json = Record<string, unknown>

const fieldTypeArg = z.enum(FIELD_TYPES).describe('Field type; see the cms://reference/field-types resource for what each stores and its options')

const fieldInput = z.object({
  name: z.string().min(1).describe('API name (letters, digits, underscores), e.g. "title"'),
  type: fieldTypeArg,
  label: z.string().optional().describe('Label shown to editors (default: from the name)'),
  description: z.string().optional(),
  options: z.record(z.string(), z.unknown()).optional().describe('Type options, e.g. {"relation": {"type": 1, "collection": "authors"}}, {"enumeration": {"list": ["a", "b"]}}, {"repeatable": true}, {"media": {"type": 2}}'),
  validations: z.record(z.string(), z.unknown()).optional().describe('e.g. {"required": {"status": true}, "unique": {"status": true}, "charcount": {"status": true, "type": "Max", "max": 80}}'),
  children: z.array(z.record(z.string(), z.unknown())).optional().describe('Child fields of a group field (same shape)'),
}).passthrough()

/** Schema tools: collections and their fields, through the admin API (needs an admin token with --url). */
export function registerCollectionTools(scope: ToolScope): void {
  const { target } = scope

  defineTool(scope, 'list_collections', {
    title: 'List collections',
    kind: 'read',
    description: 'Every collection of the project in order: uuid, name, slug, is_singleton. get_collection shows a collection\'s fields.',
    input: {},
  }, async () => {
    const list = await run<Json[]>(target, {
      method: 'GET', path: '/collections',
    })
    return ok(list.length ? `${list.length} collection(s): ${list.map((c) => String(c.slug)).join(', ')}.` : 'No collections yet; create one with create_collection.', list)
  })

  defineTool(scope, 'get_collection', {
    title: 'Get a collection',
    kind: 'read',
    description: 'One collection with its fields (name, type, options, validations, group children): what create_entry and update_entry accept in data.',
    input: { collection: collectionArg },
  }, async ({ collection }) => {
    const c = await getCollection(scope, collection)
    return ok(`${String(c.slug)}: ${(c.fields as Json[]).map((f) => `${String(f.name)} (${String(f.type)})`).join(', ') || 'no fields'}.`, c)
  })

  defineTool(scope, 'create_collection', {
    title: 'Create a collection',
    kind: 'write',
    description: 'Create a collection with its fields. slug: lowercase letters, digits, dashes or underscores. A singleton holds one entry per locale (site settings). Refused with a tool error naming the problem (e.g. "slug", "fields.0.type").',
    input: {
      name: z.string().min(1).describe('Display name, e.g. "Articles"'),
      slug: z.string().min(1).describe('API slug, e.g. "articles"'),
      is_singleton: z.boolean().optional().describe('One entry per locale'),
      fields: z.array(fieldInput).optional().describe('Fields in order'),
    },
  }, async (body) => {
    const c = await run<Json>(target, {
      method: 'POST', path: '/collections', body,
    })
    scope.schemaChanged()
    return ok(`Created collection ${String(c.slug)} with ${(c.fields as unknown[]).length} field(s).`, c)
  })

  defineTool(scope, 'add_field', {
    title: 'Add a field',
    kind: 'write',
    description: 'Add a field to a collection (inside a group with parent). If existing entries would not satisfy it (e.g. a new required field), it is refused with the entries named, unless force is true.',
    input: {
      collection: collectionArg,
      name: z.string().min(1).describe('API name, e.g. "cover"'),
      type: fieldTypeArg,
      label: z.string().optional(),
      description: z.string().optional(),
      required: z.boolean().optional().describe('Shortcut for validations.required.status'),
      unique: z.boolean().optional().describe('Shortcut for validations.unique.status'),
      options: z.record(z.string(), z.unknown()).optional().describe('Type options, e.g. {"relation": {"type": 2, "collection": "tags"}}'),
      validations: z.record(z.string(), z.unknown()).optional(),
      children: z.array(z.record(z.string(), z.unknown())).optional().describe('Child fields, for a group'),
      parent: z.string().optional().describe('Name or uuid of a group field to add this field into'),
      force: z.boolean().optional().describe('Apply even when existing entries do not satisfy the change'),
    },
  }, async ({ collection, required, unique, parent, ...rest }) => {
    const body: Json = { ...rest, label: rest.label ?? rest.name }
    const validations: Json = { ...(rest.validations ?? {}) }
    if (required !== undefined) validations.required = { ...(validations.required as Json | undefined), status: required }
    if (unique !== undefined) validations.unique = { ...(validations.unique as Json | undefined), status: unique }
    if (Object.keys(validations).length) body.validations = validations
    if (parent !== undefined) body.parent_field_id = await fieldUuid(scope, collection, parent)
    const f = await run<Json>(target, {
      method: 'POST', path: `/collections/${enc(collection)}/fields`, body,
    })
    scope.schemaChanged()
    return ok(`Added field ${String(f.name)} (${String(f.type)}) to ${collection}.`, f)
  })
}

export async function getCollection(scope: Pick<ToolScope, 'target'>, slug: string): Promise<Json> {
  return run<Json>(scope.target, {
    method: 'GET', path: `/collections/${enc(slug)}`,
  })
}

/** A group named by name or uuid, as the admin API wants it (uuid). */
async function fieldUuid(scope: ToolScope, slug: string, ref: string): Promise<string> {
  const c = await getCollection(scope, slug)
  const found = (c.fields as Json[]).find((f) => f.uuid === ref || f.name === ref)
  return found ? String(found.uuid) : ref
}
