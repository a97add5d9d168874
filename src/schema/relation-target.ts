/**
 * The one rule for what a relation field's `options.relation.collection` names: a collection
 * by slug, by uuid (older templates store it) or by its display name (hand-written schemas say
 * `"Authors"`), each compared without case. Write checks, reads, queries and `cms validate`
 * all resolve targets here, so a value that passes one of them resolves the same in the others.
 */
export interface TargetCandidate {
  slug: string
  uuid: string
  name: string
}

/** `null`: the field names no target; `undefined`: it names one that does not exist. */
export function findRelationTarget<C extends TargetCandidate>(ref: unknown, collections: Iterable<C>): C | null | undefined {
  if (ref === null || ref === undefined || ref === '') return null
  const key = String(ref).toLowerCase()
  let byUuid: C | undefined
  let byName: C | undefined
  for (const c of collections) {
    if (c.slug.toLowerCase() === key) return c
    if (!byUuid && c.uuid.toLowerCase() === key) byUuid = c
    if (!byName && c.name.toLowerCase() === key) byName = c
  }
  return byUuid ?? byName
}
