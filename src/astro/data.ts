import type { Collection, Field } from '../core/types.ts'
import { isMultiRef } from '../schema/json-schema.ts'
import type { ApiEntry } from './source.ts'

/** An Astro reference, as `reference()` makes them and `getEntry()` resolves them. */
export interface AstroReference {
  collection: string
  id: string
}

/** A collection's visible fields (what the API answers), with their relation targets resolved to Astro names. */
export interface FieldPlan {
  fields: Field[]
  /** Field name → the Astro collection its references point to. */
  references: Map<string, string>
}

export const visible = (f: Field) => f.type !== 'password' && !f.options.hiddenInAPI

/**
 * Our relation target (a slug, or a uuid in files written by the hosted service) → the Astro
 * collection holding it: `names[slug]`, else the slug itself (the usual `collections = { authors: ... }`).
 */
export function planFields(collection: Collection, all: readonly Collection[], names: Record<string, string> = {}): FieldPlan {
  const references = new Map<string, string>()
  for (const f of collection.fields) {
    if (f.type !== 'relation' || !visible(f)) continue
    const target = f.options.relation?.collection
    const slug = all.find((c) => c.slug === target || c.uuid === target)?.slug ?? String(target)
    references.set(f.name, names[slug] ?? slug)
  }
  return { fields: collection.fields.filter(visible), references }
}

/**
 * An entry's Astro `data`: its fields as the API answers them, except top-level relations,
 * which become Astro references (`{ collection, id }`: `getEntry(data.author)` reads the author).
 * Media stay the API's asset objects (`url`, `metadata.width`, ...).
 */
export function toData(entry: ApiEntry, plan: FieldPlan): Record<string, unknown> {
  const data: Record<string, unknown> = { ...entry.fields }
  for (const [name, collection] of plan.references) {
    const value = data[name]
    const ref = (v: unknown): AstroReference | null => {
      const id = v && typeof v === 'object' ? (v as { uuid?: unknown }).uuid : v
      return typeof id === 'string' ? { collection, id } : null
    }
    if (value === null || value === undefined) data[name] = null
    else if (Array.isArray(value)) data[name] = value.map(ref).filter((r) => r !== null)
    else data[name] = ref(value)
  }
  return data
}

export const isMany = isMultiRef
