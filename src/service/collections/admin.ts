import { CmsError, ValidationError, conflict, notFound, unprocessable } from '../../core/errors.ts'
import { isLocale, isSlug, isWindowsReservedName, newUuid, now } from '../../core/ids.ts'
import type { Collection, EntryRecord, EventSource, Field, FieldOptions, FieldType, FieldValidations, FieldValues, Project } from '../../core/types.ts'
import type { ContentStore } from '../../storage/store.ts'
import { collectionWithFields, fieldView, projectInfo, type CollectionWithFields, type FieldWithParent, type ProjectInfo } from './view.ts'
import {
  RESERVED_SLUGS, affectedEntries, buildField, checkSiblingNames, flatten, refusal, throwIfErrors,
} from './fields.ts'
import { changeFieldValues, deleteCollectionFiles, removeLocaleWithEntries, renameCollection, renameKey, retarget } from './rewrite.ts'
import type { FieldChange } from '../../storage/schema-journal.ts'

/**
 * The admin side of the schema: collections, fields and project locales, as the hosted
 * service's admin routes shape them. Every change goes through the store; a change that
 * existing entries would violate is refused with the entries listed, unless `force`.
 */
export interface SchemaContext {
  store: ContentStore
  source: EventSource
  readOnly?: boolean
}

type Body = Record<string, unknown>
/** What a reorder answers. */
export interface SchemaMessage {
  message: string
}

// ---- what the routes take (the service reads each body as plain JSON and checks it itself) --

/** `force`: do it although existing entries conflict (they lose the values that no longer fit); `?force=1` works too. */
interface Forced {
  force?: boolean
}

/** A field to create, as a new collection's `fields` and `POST /collections/:slug/fields` take it (fields.ts buildField). */
export interface FieldInput {
  type: FieldType
  /** Lowercase letters, digits, `-` and `_`; unique among its siblings. */
  name: string
  /** Default: the name. */
  label?: string
  description?: string | null
  placeholder?: string | null
  /** `[]` is taken for `{}` (the hosted service's spelling). */
  options?: FieldOptions | []
  /** `[]` is taken for `{}`. */
  validations?: FieldValidations | []
  /** A group's child fields (groups only; no group inside a group). */
  children?: FieldChildInput[]
}

/** A group's child field: on an update, the uuid of an existing child keeps it (and its values). */
export interface FieldChildInput extends FieldInput {
  uuid?: string
}

/** `POST /collections/:slug/fields`: a field, where it goes, and whether to force it past entries it breaks. */
export interface FieldAddInput extends FieldInput, Forced {
  /** The group (uuid or name) to add it to; absent or null: the top level. */
  parent_field_id?: string | null
  /** Its position among its siblings, from 0; default: last. */
  order?: number
}

/** `PUT /collections/:slug/fields/:field`: what to change (any subset; a new name carries the values over). */
export interface FieldUpdateInput extends Partial<FieldInput>, Forced {}

/** `POST /collections`: a collection with its fields. */
export interface CollectionInput {
  /** At most 60 characters. */
  name: string
  /** Lowercase letters, digits, `-` and `_`; unique in the project. */
  slug: string
  /** One entry per locale. */
  is_singleton?: boolean
  /** What one entry is called ("Article"); null or "" leaves it to be derived from the name. */
  singular_name?: string | null
  /** `review`: entries are reviewed before they are published; null: no review. */
  workflow?: 'review' | null
  fields?: FieldInput[]
}

/** `PUT /collections/:slug`: what to change (any subset); a new slug moves the entries and relations follow. */
export interface CollectionUpdateInput extends Partial<CollectionInput>, Forced {}

/** `DELETE /collections/:slug`: the slug again, to confirm. */
export interface CollectionDeleteInput {
  slug: string
}

/** One item of a reorder: a collection's or field's uuid and its new position. */
export interface OrderInput {
  uuid: string
  /** A non-negative integer; lower first. */
  order: number
}

/** `POST /collections/reorder`: collections not named keep their relative order after those named. */
export interface CollectionsReorderInput {
  collections: OrderInput[]
}

/** `POST /collections/:slug/fields/reorder`: top-level fields and group children, each within its own list. */
export interface FieldsReorderInput {
  fields: OrderInput[]
}

/** A locale code such as `en` or `pt-BR`; `code` is taken for `locale`. */
export type LocaleInput = { locale: string } | { code: string }

type Errors = Record<string, string[]>
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const isForce = (body: Body): boolean => body.force === true || body.force === 1 || body.force === '1' || body.force === 'true'

function writable(ctx: SchemaContext): void {
  if (ctx.readOnly) throw new CmsError('forbidden', 'This server is read-only; schema changes are refused.')
}

function requireCollection(ctx: SchemaContext, slug: string) {
  const index = ctx.store.collection(slug)
  if (!index) throw notFound('Collection not found.')
  return index
}

function checkSlug(ctx: SchemaContext, slug: unknown, errors: Errors, except?: string): void {
  if (typeof slug !== 'string' || slug === '') return void (errors.slug = ['The slug field is required.'])
  if (slug.length > 60) return void (errors.slug = ['The slug may not be greater than 60 characters.'])
  if (!isSlug(slug)) return void (errors.slug = ['The slug may only contain lowercase letters, digits, "-" and "_", starting and ending with a letter or digit.'])
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return void (errors.slug = [`The slug "${slug}" is reserved.`])
  if (isWindowsReservedName(slug)) return void (errors.slug = [`The slug "${slug}" is a reserved device name on Windows (con, prn, aux, nul, com1-9, lpt1-9): its files could not be checked out there.`])
  if (slug !== except && ctx.store.collection(slug)) errors.slug = ['The slug has already been taken.']
}

function checkName(name: unknown, errors: Errors): void {
  if (typeof name !== 'string' || name.trim() === '') errors.name = ['The name field is required.']
  else if (name.length > 60) errors.name = ['The name may not be greater than 60 characters.']
}

// ---- collections ------------------------------------------------------------------------

function checkWorkflow(raw: unknown, errors: Errors): void {
  if (raw !== undefined && raw !== null && raw !== 'review') errors.workflow = ['The workflow must be "review" or null.']
}

/** `singular_name`: optional text (≤ 100 characters); null or "" removes it. */
function checkSingularName(value: unknown, errors: Errors): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'string' || value.length > 100) errors.singular_name = ['The singular name must be text of at most 100 characters.']
}

function singularName(value: unknown, current: string | undefined): { singular_name?: string } {
  if (value === undefined) return current ? { singular_name: current } : {}
  return typeof value === 'string' && value.trim() ? { singular_name: value.trim() } : {}
}

export async function createCollection(ctx: SchemaContext, body: Body): Promise<CollectionWithFields> {
  writable(ctx)
  const errors: Errors = {}
  checkName(body.name, errors)
  checkSlug(ctx, body.slug, errors)
  if (body.is_singleton !== undefined && typeof body.is_singleton !== 'boolean') errors.is_singleton = ['The is singleton field must be true or false.']
  checkWorkflow(body.workflow, errors)
  checkSingularName(body.singular_name, errors)
  if (body.fields !== undefined && !Array.isArray(body.fields)) errors.fields = ['The fields must be an array.']
  const fields: Field[] = []
  if (Array.isArray(body.fields)) {
    body.fields.forEach((raw, i) => {
      if (!isObject(raw)) return void (errors[`fields.${i}`] = ['Each field must be an object.'])
      fields.push(buildField(ctx.store, raw, errors, `fields.${i}.`))
    })
    checkSiblingNames(fields, errors, 'fields.')
  }
  throwIfErrors(errors)
  const at = now()
  const order = Math.max(-1, ...[...ctx.store.collections.values()].map((i) => i.collection.order)) + 1
  const collection: Collection = {
    uuid: newUuid(), name: String(body.name).trim(), slug: String(body.slug), is_singleton: body.is_singleton === true,
    ...singularName(body.singular_name, undefined), order, created_at: at, updated_at: at, fields,
    ...(body.workflow === 'review' ? { workflow: 'review' as const } : {}),
  }
  await ctx.store.putCollection(collection, ctx.source)
  return collectionWithFields(collection)
}

/**
 * Renames a collection (name and/or slug). A new slug moves its entries and versions and
 * makes every relation field that targeted the old slug follow.
 */
export async function updateCollection(ctx: SchemaContext, slug: string, body: Body): Promise<CollectionWithFields> {
  writable(ctx)
  const index = requireCollection(ctx, slug)
  const errors: Errors = {}
  if (body.name !== undefined) checkName(body.name, errors)
  if (body.slug !== undefined) checkSlug(ctx, body.slug, errors, slug)
  if (body.is_singleton !== undefined && typeof body.is_singleton !== 'boolean') errors.is_singleton = ['The is singleton field must be true or false.']
  checkWorkflow(body.workflow, errors)
  checkSingularName(body.singular_name, errors)
  throwIfErrors(errors)
  const newSlug = typeof body.slug === 'string' ? body.slug : slug
  const updated: Collection = {
    ...index.collection,
    name: typeof body.name === 'string' ? body.name.trim() : index.collection.name,
    slug: newSlug,
    is_singleton: typeof body.is_singleton === 'boolean' ? body.is_singleton : index.collection.is_singleton,
    updated_at: now(),
  }
  // `workflow: review` on (docs/scheduling.md); null turns it off.
  if (body.workflow === 'review') updated.workflow = 'review'
  else if (body.workflow === null) delete updated.workflow
  delete updated.singular_name
  Object.assign(updated, singularName(body.singular_name, index.collection.singular_name))
  if (updated.is_singleton && !index.collection.is_singleton && !isForce(body)) {
    const perLocale = new Map<string, EntryRecord[]>()
    for (const e of index.entries.values()) if (!e.deleted_at) perLocale.set(e.locale, [...(perLocale.get(e.locale) ?? []), e])
    const extra = [...perLocale.values()].filter((list) => list.length > 1).flat()
    if (extra.length > 0) throw refusal('A singleton holds one entry per locale.', extra.map((e) => ({ uuid: e.uuid, locale: e.locale, problems: ['another entry exists in this locale'] })))
  }
  if (newSlug === slug) {
    await ctx.store.putCollection(updated, ctx.source)
    return collectionWithFields(updated)
  }
  updated.fields = retarget(updated.fields, slug, newSlug)
  await renameCollection(ctx.store, ctx.source, slug, updated, () => {
    // Checked again with the collections closed: another change may have landed meanwhile.
    if (ctx.store.collection(slug)?.collection.uuid !== index.collection.uuid) throw notFound('Collection not found.')
    if (ctx.store.collection(newSlug)) throw new ValidationError({ slug: ['The slug has already been taken.'] })
  })
  return collectionWithFields(updated)
}

export async function deleteCollection(ctx: SchemaContext, slug: string, body: Body): Promise<void> {
  writable(ctx)
  const { uuid } = requireCollection(ctx, slug).collection
  if (body.slug !== slug) throw unprocessable('The collection slug does not match.', { slug: ['The collection slug does not match.'] })
  await deleteCollectionFiles(ctx.store, ctx.source, slug, () => {
    // Checked again with the collection closed: a rename or another deletion may have landed meanwhile.
    if (ctx.store.collection(slug)?.collection.uuid !== uuid) throw notFound('Collection not found.')
  })
}

/** `{collections: [{uuid, order}]}`; collections not named keep their relative order after those named. */
export async function reorderCollections(ctx: SchemaContext, body: Body): Promise<SchemaMessage> {
  writable(ctx)
  const orders = readOrders(body.collections, 'collections', (uuid) => !!ctx.store.collectionByUuid(uuid))
  for (const index of ctx.store.collections.values()) {
    const order = orders.get(index.collection.uuid)
    if (order !== undefined && order !== index.collection.order) await ctx.store.putCollection({ ...index.collection, order, updated_at: now() }, ctx.source)
  }
  return { message: 'Collections reordered successfully.' }
}

function readOrders(list: unknown, key: string, known: (uuid: string) => boolean): Map<string, number> {
  const errors: Errors = {}
  if (!Array.isArray(list) || list.length === 0) throw new ValidationError({ [key]: [`The ${key} field is required and must be a list of {uuid, order}.`] })
  const orders = new Map<string, number>()
  list.forEach((item, i) => {
    if (!isObject(item) || typeof item.uuid !== 'string' || !known(item.uuid)) return void (errors[`${key}.${i}.uuid`] = ['The selected uuid is invalid.'])
    if (typeof item.order !== 'number' || !Number.isInteger(item.order) || item.order < 0) return void (errors[`${key}.${i}.order`] = ['The order must be a non-negative integer.'])
    orders.set(item.uuid, item.order)
  })
  throwIfErrors(errors)
  return orders
}

// ---- fields -----------------------------------------------------------------------------

/** A field with its group parent (null at the top level). */
function findField(c: Collection, uuid: string): { field: Field; parent: Field | null } {
  for (const f of c.fields) {
    if (f.uuid === uuid) return { field: f, parent: null }
    for (const child of f.children ?? []) if (child.uuid === uuid) return { field: child, parent: f }
  }
  throw notFound('Field not found.')
}

function replaceIn(c: Collection, parent: Field | null, siblings: Field[]): Collection {
  if (!parent) return { ...c, fields: siblings, updated_at: now() }
  return { ...c, fields: c.fields.map((f) => (f.uuid === parent.uuid ? { ...f, children: siblings } : f)), updated_at: now() }
}

function fieldOut(f: Field, parent: Field | null, siblings: Field[]): FieldWithParent {
  return { ...fieldView(f, siblings.findIndex((s) => s.uuid === f.uuid)), parent_field_id: parent?.uuid ?? null }
}

export async function addField(ctx: SchemaContext, slug: string, body: Body): Promise<FieldWithParent> {
  writable(ctx)
  const index = requireCollection(ctx, slug)
  const c = index.collection
  const errors: Errors = {}
  let parent: Field | null = null
  if (body.parent_field_id !== undefined && body.parent_field_id !== null) {
    parent = c.fields.find((f) => f.uuid === body.parent_field_id || f.name === body.parent_field_id) ?? null
    if (!parent || parent.type !== 'group') errors.parent_field_id = ['The parent field must be a top-level group of this collection.']
  }
  const field = buildField(ctx.store, body, errors, '', undefined, parent ? 1 : 0)
  const siblings = parent ? (parent.children ?? []) : c.fields
  if (siblings.some((s) => s.name === field.name)) errors.name = [`The name "${field.name}" has already been taken in this collection.`]
  throwIfErrors(errors)
  const list = [...siblings]
  const at = typeof body.order === 'number' && Number.isInteger(body.order) ? Math.max(0, Math.min(body.order, list.length)) : list.length
  list.splice(at, 0, field)
  const updated = replaceIn(c, parent, list)
  const affected = affectedEntries(index.entries.values(), c, updated)
  if (affected.length > 0 && !isForce(body)) throw refusal(`The new field "${field.name}" is required.`, affected)
  await ctx.store.putCollection(updated, ctx.source)
  return fieldOut(field, parent, list)
}

/**
 * Updates a field. A new name carries the stored values over; a type change that stored
 * values do not fit is refused unless `force`, which drops those values.
 */
export async function updateField(ctx: SchemaContext, slug: string, fieldUuid: string, body: Body): Promise<FieldWithParent> {
  writable(ctx)
  const index = requireCollection(ctx, slug)
  const c = index.collection
  const { field: old, parent } = findField(c, fieldUuid)
  const errors: Errors = {}
  const input = { ...body }
  delete input.force
  const field = buildField(ctx.store, input, errors, '', old, parent ? 1 : 0)
  const siblings = parent ? (parent.children ?? []) : c.fields
  if (siblings.some((s) => s.uuid !== old.uuid && s.name === field.name)) errors.name = [`The name "${field.name}" has already been taken in this collection.`]
  throwIfErrors(errors)
  const list = siblings.map((s) => (s.uuid === old.uuid ? field : s))
  const updated = replaceIn(c, parent, list)
  const renamed = (values: FieldValues) => renameKey(values, parent?.name ?? null, old.name, field.name)
  const refuseConflicts = () => {
    const probe = old.name === field.name ? index.entries.values() : [...index.entries.values()].map((e) => ({ ...e, fields: renamed(e.fields) }))
    const affected = affectedEntries(probe, c, updated)
    if (affected.length > 0 && !isForce(body)) throw refusal(`The change to field "${old.name}" conflicts with existing content.`, affected)
  }
  const change: FieldChange = { parent: parent?.name ?? null, name: old.name }
  if (old.name !== field.name) change.rename = field.name
  if (old.type !== field.type) change.retype = field
  if (change.rename || change.retype) {
    await changeFieldValues(ctx.store, ctx.source, updated, change, () => { unchanged(ctx, slug, c); refuseConflicts() })
  } else {
    refuseConflicts()
    await ctx.store.putCollection(updated, ctx.source)
  }
  return fieldOut(field, parent, list)
}

/** 409 when the collection changed while a rewrite waited for writes in flight to land. */
function unchanged(ctx: SchemaContext, slug: string, before: Collection): void {
  if (ctx.store.collection(slug)?.collection !== before) throw conflict('The collection changed while this schema change waited to start; nothing was changed. Read it again and retry.')
}

export async function removeField(ctx: SchemaContext, slug: string, fieldUuid: string): Promise<void> {
  writable(ctx)
  const index = requireCollection(ctx, slug)
  const { field, parent } = findField(index.collection, fieldUuid)
  const siblings = (parent ? (parent.children ?? []) : index.collection.fields).filter((s) => s.uuid !== field.uuid)
  const c = index.collection
  await changeFieldValues(ctx.store, ctx.source, replaceIn(c, parent, siblings), { parent: parent?.name ?? null, name: field.name, remove: true }, () => unchanged(ctx, slug, c))
}

/** `{fields: [{uuid, order}]}`: top-level fields and group children, each within its own list. */
export async function reorderFields(ctx: SchemaContext, slug: string, body: Body): Promise<SchemaMessage> {
  writable(ctx)
  const index = requireCollection(ctx, slug)
  const all = new Set(flatten(index.collection.fields).map((f) => f.field.uuid))
  const orders = readOrders(body.fields, 'fields', (uuid) => all.has(uuid))
  const sort = (list: Field[]): Field[] => list
    .map((f, i) => ({ f: f.type === 'group' && f.children ? { ...f, children: sort(f.children) } : f, key: orders.get(f.uuid) ?? Number.MAX_SAFE_INTEGER, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.f)
  await ctx.store.putCollection({ ...index.collection, fields: sort(index.collection.fields), updated_at: now() }, ctx.source)
  return { message: 'Fields reordered successfully.' }
}

// ---- locales ----------------------------------------------------------------------------

function localeFrom(body: Body): string {
  const locale = body.locale ?? body.code
  if (!isLocale(locale)) throw new ValidationError({ locale: ['The locale must be a locale code such as "en" or "pt-BR".'] })
  return locale
}

export async function addLocale(ctx: SchemaContext, body: Body): Promise<ProjectInfo> {
  writable(ctx)
  const locale = localeFrom(body)
  const p = ctx.store.project
  if (p.locales.includes(locale)) throw new ValidationError({ locale: [`The locale "${locale}" is already in the project.`] })
  await ctx.store.putProject({ ...p, locales: [...p.locales, locale] }, ctx.source)
  return projectInfo(ctx.store)
}

export async function setDefaultLocale(ctx: SchemaContext, body: Body): Promise<ProjectInfo> {
  writable(ctx)
  const locale = localeFrom(body)
  const p = ctx.store.project
  if (!p.locales.includes(locale)) throw new ValidationError({ locale: [`The locale "${locale}" is not in the project; add it first.`] })
  if (p.default_locale !== locale) await ctx.store.putProject({ ...p, default_locale: locale }, ctx.source)
  return projectInfo(ctx.store)
}

/**
 * Removes a locale. Refused for the default locale, and while entries exist in it unless
 * `force`, which deletes those entries (and their versions) with it.
 */
export async function removeLocale(ctx: SchemaContext, locale: string, body: Body): Promise<ProjectInfo> {
  writable(ctx)
  const p: Project = ctx.store.project
  if (!p.locales.includes(locale)) throw notFound('Locale not found.')
  if (p.default_locale === locale) throw unprocessable('The default locale cannot be removed; set another default first.')
  const doomed = (): Array<{ slug: string; entry: EntryRecord }> => {
    const found: Array<{ slug: string; entry: EntryRecord }> = []
    for (const [slug, index] of ctx.store.collections) for (const entry of index.entries.values()) if (entry.locale === locale) found.push({ slug, entry })
    return found
  }
  const refuseOrphans = (): void => {
    const orphans = doomed()
    if (orphans.length > 0 && !isForce(body)) {
      throw refusal(`Removing locale "${locale}" orphans its content.`, orphans.map(({ slug, entry }) => ({ uuid: entry.uuid, locale, problems: [`entry in ${slug}`] })))
    }
  }
  refuseOrphans()
  // Checked again once every collection is closed: an entry created in the locale meanwhile
  // is either refused with it or removed with it, never left in a locale that is gone.
  await removeLocaleWithEntries(ctx.store, ctx.source, locale, refuseOrphans)
  return projectInfo(ctx.store)
}
