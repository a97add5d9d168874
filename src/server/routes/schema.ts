import type { H3Event } from 'h3'
import { decodeParam } from '../http/route-param.ts'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import {
  addField, addLocale, createCollection, deleteCollection, removeField, removeLocale, reorderCollections,
  reorderFields, setDefaultLocale, updateCollection, updateField, type SchemaContext,
} from '../../service/collections/admin.ts'
import { jsonResponse } from '../http/json-text.ts'

/** Admin routes for collections, fields and project locales (ability `admin`). */
export function registerSchemaRoutes(app: CmsApp, ctx: AppContext): void {
  const sctx = (): SchemaContext => ({ store: ctx.store, source: ctx.source, ...(ctx.readOnly ? { readOnly: true } : {}) })
  const body = (event: H3Event, optional = false) => readJsonBody(event, ctx, { optional })
  /** `?force=1` works as well as `"force": true` in the body. */
  const withForce = async (event: H3Event, optional = false) => {
    const b = await body(event, optional)
    const q = event.url.searchParams.get('force')
    return q && q !== '0' && q !== 'false' ? { ...b, force: true } : b
  }
  const created = (value: object): Response => jsonResponse(201, value)
  const noContent = () => new Response(null, { status: 204 })

  defineRoutes(app, ctx, [
    {
      serial: true, method: 'POST', path: '/collections/reorder', ability: 'admin', summary: 'Reorder collections `{collections: [{uuid, order}]}`',
      input: 'CollectionsReorderInput', answer: 'SchemaReordered',
      handler: async (event) => reorderCollections(sctx(), await body(event)),
    },
    {
      serial: true, method: 'POST', path: '/collections', status: 201, ability: 'admin', summary: 'Create a collection with its fields (group children nested)',
      input: 'CollectionInput', answer: 'Collection',
      handler: async (event) => created(await createCollection(sctx(), await body(event))),
    },
    {
      serial: true, method: 'PUT', path: '/collections/:slug', ability: 'admin', summary: 'Rename a collection; relations that targeted the old slug follow',
      input: 'CollectionUpdateInput', answer: 'Collection',
      handler: async (event) => updateCollection(sctx(), decodeParam(event, 'slug'), await withForce(event)),
    },
    {
      serial: true, method: 'DELETE', path: '/collections/:slug', ability: 'admin', summary: 'Delete a collection and its entries (body `{slug}` must match)',
      input: 'CollectionDeleteInput', produces: 'empty',
      handler: async (event) => { await deleteCollection(sctx(), decodeParam(event, 'slug'), await body(event, true)); return noContent() },
    },
    {
      serial: true, method: 'POST', path: '/collections/:slug/fields/reorder', ability: 'admin', summary: 'Reorder fields `{fields: [{uuid, order}]}`',
      input: 'FieldsReorderInput', answer: 'SchemaReordered',
      handler: async (event) => reorderFields(sctx(), decodeParam(event, 'slug'), await body(event)),
    },
    {
      serial: true, method: 'POST', path: '/collections/:slug/fields', status: 201, ability: 'admin', summary: 'Add a field (`parent_field_id` for a group child); 422 lists entries it breaks unless `force`',
      input: 'FieldAddInput', answer: 'SchemaField',
      handler: async (event) => created(await addField(sctx(), decodeParam(event, 'slug'), await withForce(event))),
    },
    {
      serial: true, method: 'PUT', path: '/collections/:slug/fields/:field', ability: 'admin', summary: 'Update a field; 422 lists entries it breaks unless `force`',
      input: 'FieldUpdateInput', answer: 'SchemaField',
      handler: async (event) => updateField(sctx(), decodeParam(event, 'slug'), decodeParam(event, 'field'), await withForce(event)),
    },
    {
      serial: true, method: 'DELETE', path: '/collections/:slug/fields/:field', ability: 'admin', summary: 'Remove a field and its stored values',
      produces: 'empty',
      handler: async (event) => { await removeField(sctx(), decodeParam(event, 'slug'), decodeParam(event, 'field')); return noContent() },
    },
    {
      serial: true, method: 'POST', path: '/project/locales', status: 201, ability: 'admin', summary: 'Add a project locale `{locale}`',
      input: 'LocaleInput', answer: 'ProjectInfo',
      handler: async (event) => created(await addLocale(sctx(), await body(event))),
    },
    {
      serial: true, method: 'PUT', path: '/project/locales/default', ability: 'admin', summary: 'Set the default locale `{locale}`',
      input: 'LocaleInput', answer: 'ProjectInfo',
      handler: async (event) => setDefaultLocale(sctx(), await body(event)),
    },
    {
      serial: true, method: 'DELETE', path: '/project/locales/:locale', ability: 'admin', summary: 'Remove a locale; 422 while entries use it unless `force`',
      input: 'ForceInput', optionalBody: true, answer: 'ProjectInfo',
      handler: async (event) => removeLocale(sctx(), decodeParam(event, 'locale'), await withForce(event, true)),
    },
  ])
}
