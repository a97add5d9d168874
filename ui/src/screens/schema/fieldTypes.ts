import type { Field, FieldType } from '../../types.ts'

export const TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text', longtext: 'Long text', richtext: 'Rich text', slug: 'Slug', email: 'Email', password: 'Password',
  number: 'Number', enumeration: 'Choice list', boolean: 'Yes / no', color: 'Colour', date: 'Date', datetime: 'Date and time', time: 'Time',
  media: 'Media', relation: 'Relation', json: 'JSON', group: 'Group',
}

/** "Subtitle" → "subtitle", "Hero image" → "hero_image": the name the API stores values under. */
export function nameFromLabel(label: string): string {
  return label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 60)
}

/** Short flags shown beside a field in the list. */
export function fieldFlags(f: Field): string[] {
  const o = f.options ?? {}
  const flags: string[] = []
  if (f.validations?.required?.status) flags.push('required')
  if (f.validations?.unique?.status) flags.push('unique')
  if (o.repeatable) flags.push(f.type === 'group' ? 'repeatable' : 'repeatable')
  if (o.multiple || o.enumeration?.multiple || o.relation?.type === 2 || o.media?.type === 2) flags.push('multiple')
  if (f.type === 'relation' && o.relation?.collection) flags.push(`→ ${o.relation.collection}`)
  if (o.hiddenInAPI) flags.push('hidden from API')
  if (o.hideInContentList) flags.push('not in lists')
  return flags
}
