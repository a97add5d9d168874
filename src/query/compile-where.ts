import type { EntryRecord, Field, FieldValues } from '../core/types.ts'
import { badRequest } from '../core/errors.ts'
import { isObject, type RawWhere } from './params.ts'
import { CORE_COLUMNS, keysOf, kindOf, parseKey, textsOf, type Key, type ValueKind } from './values.ts'
import { likeMatcher } from './like.ts'
import { own } from '../core/own.ts'

/**
 * `where` validated against a collection schema and compiled to a predicate over rows.
 * Pure: related entries are reached through `env.related`, supplied by the caller.
 */

/**
 * One entry as a query sees it: the values of the state being read. `order` is the
 * default-order key (`<canonical created_at> <uuid>`; the default order is newest first,
 * i.e. `order` descending). It never changes for a row, unlike a position, so lists keep
 * their order without renumbering when a row is added or removed.
 */
export interface Row {
  entry: EntryRecord
  values: FieldValues
  order: string
  /** The kept sort keys (key-columns.ts), positions per `SchemaInfo.columns`: made with the row, or set once by its view's warm-up. */
  k?: ReadonlyArray<Key | null>
  /** Other sort keys computed so far, by column (sort.ts `keyColumn`). */
  keys?: Record<string, Key | null>
}

export interface SchemaInfo {
  slug: string
  fields: Field[]
  /** The columns the collection's views keep on their rows (absent: every key is computed on demand). */
  columns?: KeyColumns
}

/** The sort keys views keep on their rows (made by key-columns.ts `keyColumnsOf`). */
export interface KeyColumns {
  /** Column name (a field's name, or `:name` for a core column, as sort.ts names them) → position in `row.k`. */
  readonly position: ReadonlyMap<string, number>
  readonly compute: ReadonlyArray<(row: Row) => Key | null>
}

export interface WhereEnv {
  schema: SchemaInfo
  /** Schema of a relation field's target collection, or null when it has none. */
  target(field: Field): SchemaInfo | null
  /** The related entry with this uuid in that collection, as visible in the state being read. */
  related(slug: string, uuid: string): Row | null
}

export type Predicate = (row: Row) => boolean

/** Top-level equality conditions (ANDed with the rest): the evaluator may answer them from an index. */
export interface EqHint {
  field: string
  kind: ValueKind
  key: Key
}

export interface CompiledWhere {
  test: Predicate
  hints: EqHint[]
  /** Whether the filter reads related entries (its answers change when their collection does). */
  related: boolean
}

export const OPERATORS = ['eq', 'not', 'lt', 'lte', 'gt', 'gte', 'like', 'not_like', 'in', 'not_in', 'null', 'not_null', 'between', 'not_between'] as const
export type Operator = (typeof OPERATORS)[number]
const OPERATOR_SET = new Set<string>(OPERATORS)

interface Target {
  name: string
  kind: ValueKind
  get: (row: Row) => unknown
  field: Field | null
}

export function compileWhere(where: RawWhere, env: WhereEnv): CompiledWhere {
  const hints: EqHint[] = []
  let related = false
  const tracked: WhereEnv = { ...env, target: (field) => { related = true; return env.target(field) } }
  const test = and(where, tracked, 'where', 0, hints)
  return { test, hints, related }
}

function entriesOf(value: RawWhere): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)
}

function and(where: RawWhere, env: WhereEnv, label: string, depth: number, hints: EqHint[] | null): Predicate {
  const parts: Predicate[] = []
  for (const [key, value] of entriesOf(where)) {
    if (key.toLowerCase() === 'or') parts.push(or(value, env, `${label}[${key}]`, depth))
    else if (/^\d+$/.test(key)) {
      if (!Array.isArray(value) && !isObject(value)) throw badRequest(`${label}[${key}] must hold conditions, e.g. ${label}[${key}][field]=value.`)
      parts.push(and(value as RawWhere, env, `${label}[${key}]`, depth + 1, hints))
    } else parts.push(fieldCondition(key, value, env, `${label}[${key}]`, hints))
  }
  if (parts.length === 0) throw badRequest(`${label} holds no condition.`)
  return parts.length === 1 ? parts[0]! : (row) => parts.every((p) => p(row))
}

function or(value: unknown, env: WhereEnv, label: string, depth: number): Predicate {
  if (depth > 2) throw badRequest(`${label}: or-groups can be nested at most 2 levels deep.`)
  if (!Array.isArray(value) && !isObject(value)) throw badRequest(`${label} must hold conditions, e.g. ${label}[0][field]=value.`)
  const alternatives: Predicate[] = []
  for (const [key, item] of entriesOf(value as RawWhere)) {
    if (/^\d+$/.test(key)) {
      if (!Array.isArray(item) && !isObject(item)) throw badRequest(`${label}[${key}] must hold conditions, e.g. ${label}[${key}][field]=value.`)
      alternatives.push(and(item as RawWhere, env, `${label}[${key}]`, depth + 1, null))
    } else if (key.toLowerCase() === 'or') alternatives.push(or(item, env, `${label}[${key}]`, depth + 1))
    else alternatives.push(fieldCondition(key, item, env, `${label}[${key}]`, null))
  }
  if (alternatives.length === 0) throw badRequest(`${label} holds no condition.`)
  return (row) => alternatives.some((p) => p(row))
}

function resolveTarget(name: string, schema: SchemaInfo, label: string): Target {
  const core = CORE_COLUMNS[name]
  if (core) return { name, kind: core, get: coreGetter(name), field: null }
  const field = schema.fields.find((f) => f.name === name)
  if (!field) throw badRequest(`${label}: unknown field "${name}" in collection "${schema.slug}".`)
  const kind = kindOf(field)
  if (!kind) throw badRequest(`${label}: field "${name}" is a ${field.type} field and cannot be filtered.`)
  return { name, kind, get: (row) => own(row.values, name), field }
}

export function coreGetter(name: string): (row: Row) => unknown {
  switch (name) {
    case 'uuid': return (row) => row.entry.uuid
    case 'locale': return (row) => row.entry.locale
    case 'created_at': return (row) => row.entry.created_at
    case 'updated_at': return (row) => row.entry.updated_at
    default: return (row) => row.entry.published_at
  }
}

function fieldCondition(name: string, value: unknown, env: WhereEnv, label: string, hints: EqHint[] | null): Predicate {
  const target = resolveTarget(name, env.schema, label)
  if (typeof value === 'string') {
    const p = operator(target, 'eq', value, label)
    const key = parseKey(value, target.kind)
    if (hints && key !== null) hints.push({ field: name, kind: target.kind, key })
    return p
  }
  if (Array.isArray(value)) return operator(target, 'in', value, label)
  if (!isObject(value)) throw badRequest(`${label} is malformed.`)
  const parts: Predicate[] = []
  for (const [key, inner] of Object.entries(value)) {
    const op = key.toLowerCase()
    if (OPERATOR_SET.has(op)) parts.push(operator(target, op as Operator, inner, `${label}[${key}]`))
    else if (target.field?.type === 'relation') parts.push(relationCondition(target, key, inner, env, `${label}[${key}]`))
    else throw badRequest(`${label}[${key}]: unknown operator "${key}". Use one of ${OPERATORS.join(', ')}.`)
  }
  if (parts.length === 0) throw badRequest(`${label} holds no condition.`)
  return parts.length === 1 ? parts[0]! : (row) => parts.every((p) => p(row))
}

/** `where[relation][targetField]...`: entries whose relation points at a related entry matching the inner condition. */
function relationCondition(target: Target, key: string, inner: unknown, env: WhereEnv, label: string): Predicate {
  const schema = env.target(target.field!)
  if (!schema) throw badRequest(`${label}: relation field "${target.field!.name}" has no target collection to filter on.`)
  const innerEnv: WhereEnv = { ...env, schema, target: () => null }
  if (!CORE_COLUMNS[key]) {
    const f = schema.fields.find((x) => x.name === key)
    if (f?.type === 'relation' && isObject(inner) && Object.keys(inner).some((k) => !OPERATOR_SET.has(k.toLowerCase()))) {
      throw badRequest(`${label}: relation filters reach one level deep only.`)
    }
  }
  const test = fieldCondition(key, inner, innerEnv, label, null)
  const slug = schema.slug
  return (row) => {
    const refs = row.values[target.field!.name]
    const list = Array.isArray(refs) ? refs : refs == null ? [] : [refs]
    for (const uuid of list) {
      if (typeof uuid !== 'string') continue
      const related = env.related(slug, uuid)
      if (related && test(related)) return true
    }
    return false
  }
}

function valueList(value: unknown, label: string): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null
  if (!items || items.some((v) => typeof v !== 'string')) throw badRequest(`${label} must be a comma-separated list or repeated ${label}[]=value.`)
  return items as string[]
}

function keyOf(text: string, target: Target, label: string): Key {
  const key = parseKey(text, target.kind)
  if (key === null) throw badRequest(`${label}: "${text}" is not a valid ${target.kind === 'ref' ? 'reference' : target.kind} for field "${target.name}".`)
  return key
}

function operator(target: Target, op: Operator, value: unknown, label: string): Predicate {
  const { kind, get } = target
  const scalar = (): string => {
    if (typeof value !== 'string') throw badRequest(`${label} must be a single value.`)
    return value
  }
  const keys = (row: Row): Key[] => keysOf(get(row), kind)
  switch (op) {
    case 'eq': case 'not': {
      const k = keyOf(scalar(), target, label)
      const has = (row: Row) => keys(row).includes(k)
      return op === 'eq' ? has : (row) => !has(row)
    }
    case 'lt': case 'lte': case 'gt': case 'gte': {
      const k = keyOf(scalar(), target, label)
      const cmp = op === 'lt' ? (a: Key) => a < k : op === 'lte' ? (a: Key) => a <= k : op === 'gt' ? (a: Key) => a > k : (a: Key) => a >= k
      return (row) => keys(row).some(cmp)
    }
    case 'like': case 'not_like': {
      const match = likeMatcher(scalar())
      const has = (row: Row) => textsOf(get(row)).some(match)
      return op === 'like' ? has : (row) => !has(row)
    }
    case 'in': case 'not_in': {
      const set = new Set(valueList(value, label).map((v) => keyOf(v, target, label)))
      const has = (row: Row) => keys(row).some((k) => set.has(k))
      return op === 'in' ? has : (row) => !has(row)
    }
    case 'null': return (row) => keys(row).length === 0
    case 'not_null': return (row) => keys(row).length > 0
    case 'between': case 'not_between': {
      const list = valueList(value, label)
      if (list.length !== 2) throw badRequest(`${label} needs exactly two values, e.g. ${label}=10,20 (got ${list.length}).`)
      const lo = keyOf(list[0]!, target, label)
      const hi = keyOf(list[1]!, target, label)
      const inside = (k: Key) => k >= lo && k <= hi
      if (op === 'between') return (row) => keys(row).some(inside)
      return (row) => { const ks = keys(row); return ks.length > 0 && !ks.some(inside) }
    }
  }
}
