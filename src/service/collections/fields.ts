import { ValidationError } from '../../core/errors.ts'
import { newUuid } from '../../core/ids.ts'
import { FIELD_TYPES, type Collection, type EntryRecord, type Field, type FieldType, type FieldValues } from '../../core/types.ts'
import { checkStoredFields } from '../../schema/validate-entry.ts'
import type { ContentStore } from '../../storage/store.ts'

/**
 * Field definitions as the admin API receives them: checked, normalised to the stored
 * shape, and compared with the entries that already exist.
 */

/** Lowercase letters, digits, `-` and `_` (the v3 templates' snake_case and v4's kebab-case both pass). */
export const FIELD_NAME_RE = /^[a-z0-9][a-z0-9_-]*$/
export const RESERVED_SLUGS = ['collections', 'files', 'webhooks', 'bulk', 'project', 'auth'] as const

type Errors = Record<string, string[]>
const add = (errors: Errors, key: string, message: string) => { (errors[key] ??= []).push(message) }
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/**
 * Builds a stored field from request input, collecting problems under `prefix` keys
 * (`name`, `fields.0.name`, `fields.0.children.1.type`, as Laravel keys nested input).
 * `existing` is the field being updated (its uuid and unspecified keys are kept).
 */
export function buildField(store: ContentStore, input: Record<string, unknown>, errors: Errors, prefix = '', existing?: Field, depth = 0): Field {
  const key = (k: string) => `${prefix}${k}`
  const type = (input.type ?? existing?.type) as string | undefined
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
    add(errors, key('type'), `The type must be one of: ${FIELD_TYPES.join(', ')}.`)
  }
  const name = input.name ?? existing?.name
  if (typeof name !== 'string' || name === '') add(errors, key('name'), 'The name field is required.')
  else if (name.length > 60) add(errors, key('name'), 'The name may not be greater than 60 characters.')
  else if (!FIELD_NAME_RE.test(name)) add(errors, key('name'), 'The name may only contain lowercase letters, digits, "-" and "_", and must start with a letter or digit.')
  else if (name in Object.prototype) add(errors, key('name'), `The name "${name}" is reserved (a built-in property of every object); choose another.`)
  const label = input.label ?? existing?.label ?? name
  if (typeof label !== 'string' || label.length > 60) add(errors, key('label'), 'The label must be a string of at most 60 characters.')
  for (const k of ['description', 'placeholder'] as const) {
    if (input[k] !== undefined && input[k] !== null && typeof input[k] !== 'string') add(errors, key(k), `The ${k} must be a string or null.`)
  }
  const options = input.options === undefined ? (existing?.options ?? {}) : Array.isArray(input.options) && input.options.length === 0 ? {} : input.options
  if (!isObject(options)) add(errors, key('options'), 'The options must be an object.')
  const validations = input.validations === undefined ? (existing?.validations ?? {}) : Array.isArray(input.validations) && input.validations.length === 0 ? {} : input.validations
  if (!isObject(validations)) add(errors, key('validations'), 'The validations must be an object.')

  const field: Field = {
    uuid: existing?.uuid ?? newUuid(),
    type: type as FieldType,
    label: typeof label === 'string' ? label : String(name),
    name: String(name),
    description: input.description === undefined ? (existing?.description ?? null) : (input.description as string | null),
    placeholder: input.placeholder === undefined ? (existing?.placeholder ?? null) : (input.placeholder as string | null),
    options: isObject(options) ? { ...options } : {},
    validations: isObject(validations) ? (validations as Field['validations']) : {},
  }
  if (type === 'relation' && isObject(options)) {
    const relation = isObject(options.relation) ? options.relation : {}
    const target = relation.collection ?? options.collection_id
    const found = target === undefined || target === null ? undefined : resolveCollection(store, String(target))
    if (!found) add(errors, key('options.relation.collection'), 'The relation target collection is invalid or does not belong to this project.')
    else field.options = { ...field.options, relation: { type: relation.type === 2 ? 2 : 1, collection: found } }
    delete field.options.collection_id
  }
  if (type === 'group') {
    if (depth > 0) add(errors, key('type'), 'A group cannot be nested inside another group.')
    if (typeof field.options.repeatable !== 'boolean') field.options.repeatable = false
    const rawChildren = input.children === undefined ? undefined : input.children
    if (rawChildren !== undefined && !Array.isArray(rawChildren)) add(errors, key('children'), 'The children must be an array.')
    const children = Array.isArray(rawChildren)
      ? rawChildren.map((c, i) => isObject(c) ? buildField(store, c, errors, `${key('children')}.${i}.`, existing?.children?.find((e) => e.uuid === c.uuid), depth + 1) : (add(errors, `${key('children')}.${i}`, 'Each child must be an object.'), null))
        .filter((c): c is Field => c !== null)
      : (existing?.children ?? [])
    checkSiblingNames(children, errors, `${key('children')}.`)
    field.children = children
  }
  if (depth > 0 && type === 'password') add(errors, key('type'), 'A password field cannot be inside a group.')
  return field
}

/** Names must be unique among siblings. */
export function checkSiblingNames(fields: Field[], errors: Errors, prefix: string): void {
  const seen = new Set<string>()
  fields.forEach((f, i) => {
    if (seen.has(f.name)) add(errors, `${prefix}${i}.name`, `The name "${f.name}" has already been taken in this collection.`)
    seen.add(f.name)
  })
}

/** A relation target (slug, uuid or name), answered as its slug; undefined when it names no collection. */
export function resolveCollection(store: ContentStore, ref: string): string | undefined {
  return store.relationTarget(ref)?.collection.slug
}

export function throwIfErrors(errors: Errors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

/** One entry a schema change would break, as the 422 lists it. */
export interface AffectedEntry {
  uuid: string
  locale: string
  problems: string[]
}

/**
 * Entries whose draft values the change from `before` to `after` (one collection) breaks:
 * a field that became required and is empty, a value that no longer fits a changed type,
 * and any new problem the stored-value check reports.
 */
export function affectedEntries(entries: Iterable<EntryRecord>, before: Collection, after: Collection): AffectedEntry[] {
  const out: AffectedEntry[] = []
  const oldFields = flatten(before.fields)
  const newFields = flatten(after.fields)
  const watched = newFields.filter(({ field, path }) => {
    const old = oldFields.find((o) => o.field.uuid === field.uuid)
    return !old || old.path !== path || old.field.type !== field.type || JSON.stringify(old.field.validations) !== JSON.stringify(field.validations) || JSON.stringify(old.field.options) !== JSON.stringify(field.options)
  })
  if (watched.length === 0) return out
  for (const entry of entries) {
    if (entry.deleted_at) continue
    const problems: string[] = []
    // Fields already explained above: the validator would say the same thing again in its words.
    const explained = new Set<string>()
    for (const { field, parent } of watched) {
      const old = oldFields.find((o) => o.field.uuid === field.uuid)?.field
      for (const value of valuesOf(entry.fields, parent, field.name)) {
        const empty = isEmpty(value)
        if (field.validations.required?.status && empty && (!old || !old.validations.required?.status)) { problems.push(`${field.label} (${field.name}) is required and empty`); explained.add(parent ?? field.name) }
        if (old && old.type !== field.type && !empty) { problems.push(`${field.name} holds a ${old.type} value, not ${field.type}`); explained.add(parent ?? field.name) }
      }
    }
    const was = checkStoredFields(before, entry.fields)
    for (const [k, messages] of Object.entries(checkStoredFields(after, entry.fields))) {
      if (explained.has(k.replace(/^data\./, '').split('.')[0] ?? k)) continue
      for (const m of messages) if (!was[k]?.includes(m) && !problems.includes(m)) problems.push(m)
    }
    if (problems.length > 0) out.push({ uuid: entry.uuid, locale: entry.locale, problems: [...new Set(problems)] })
  }
  return out
}

interface FlatField { field: Field; parent: string | null; path: string }
export function flatten(fields: Field[], parent: string | null = null): FlatField[] {
  const out: FlatField[] = []
  for (const f of fields) {
    out.push({ field: f, parent, path: parent ? `${parent}.${f.name}` : f.name })
    if (f.type === 'group') out.push(...flatten(f.children ?? [], f.name))
  }
  return out
}

/** The values a field holds in one entry (a group child holds one per group item). */
function valuesOf(values: FieldValues, parent: string | null, name: string): unknown[] {
  if (!parent) return [values[name]]
  const group = values[parent]
  if (Array.isArray(group)) return group.map((item) => (isObject(item) ? item[name] : undefined))
  if (isObject(group)) return [group[name]]
  return []
}

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)

/** The 422 a refused schema change answers, listing what it would break. */
export function refusal(message: string, affected: AffectedEntry[]): ValidationError {
  const errors: Errors = {}
  for (const a of affected.slice(0, 100)) errors[`entries.${a.uuid}`] = a.problems.map((p) => `[${a.locale}] ${p}`)
  const more = affected.length > 100 ? ` (first 100 of ${affected.length} listed)` : ''
  return new ValidationError(errors, `${message} ${affected.length} existing entr${affected.length === 1 ? 'y' : 'ies'} would not satisfy it${more}. Fix them first, or pass "force": true to apply it anyway.`)
}
