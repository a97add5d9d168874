import type { Field } from '../core/types.ts'

/**
 * Converts a template value to its stored form: numbers from strings, repeatable
 * `[{value}]` to plain arrays, relation/media template ids to uuids, groups recursively.
 * Returns undefined for an empty value (not stored, as the hosted service does).
 */
export function importValue(field: Field, input: unknown, resolveRef: (ref: unknown) => string | null, warn: (message: string) => void): unknown {
  if (input === null || input === undefined || input === '') return undefined
  const o = field.options
  if (field.type === 'group') {
    const one = (v: unknown) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined
      const out: Record<string, unknown> = {}
      for (const child of field.children ?? []) {
        const value = importValue(child, (v as Record<string, unknown>)[child.name], resolveRef, warn)
        if (value !== undefined) out[child.name] = value
      }
      return out
    }
    if (o.repeatable) return (Array.isArray(input) ? input : [input]).map(one).filter((v) => v !== undefined)
    return one(Array.isArray(input) ? input[0] : input)
  }
  if (field.type === 'relation' || field.type === 'media') {
    const many = field.type === 'relation' ? o.relation?.type === 2 : o.media?.type === 2 || o.multiple === true
    const refs = (Array.isArray(input) ? input : [input]).map((r) => (r && typeof r === 'object' ? (r as { id?: unknown; uuid?: unknown }).uuid ?? (r as { id?: unknown }).id : r))
    const uuids: string[] = []
    for (const ref of refs) {
      const uuid = resolveRef(ref)
      if (uuid) uuids.push(uuid)
      else warn(`${field.name}: reference ${JSON.stringify(ref)} names no entry in the template; dropped`)
    }
    if (uuids.length === 0) return undefined
    return many ? uuids : uuids[0]
  }
  if (o.repeatable && field.type !== 'enumeration' && field.type !== 'json') {
    const items = (Array.isArray(input) ? input : [input]).map((v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
    return items.map((v) => scalar(field, v, warn)).filter((v) => v !== undefined)
  }
  return scalar(field, input, warn)
}

function scalar(field: Field, input: unknown, warn: (message: string) => void): unknown {
  switch (field.type) {
    case 'number': {
      const n = typeof input === 'number' ? input : Number(String(input).trim())
      if (!Number.isFinite(n)) { warn(`${field.name}: ${JSON.stringify(input)} is not a number; dropped`); return undefined }
      return n
    }
    case 'boolean':
      if (typeof input === 'boolean') return input
      return /^(1|true|yes|on)$/i.test(String(input))
    case 'enumeration': {
      const list = (Array.isArray(input) ? input : [input]).map((v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v))
      return field.options.enumeration?.multiple ? list : list[0]
    }
    case 'date': case 'datetime':
      if (field.options.mode === 'range' && typeof input === 'string' && input.includes(' - ')) {
        const [start, end] = input.split(' - ')
        return { start: start!.trim(), end: end!.trim() }
      }
      return input
    case 'json':
      return input
    default:
      return typeof input === 'string' ? input : String(input)
  }
}
