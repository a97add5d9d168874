import type { Collection } from '../core/types.ts'

/** The field that names an entry: title, name or label, else the first text field. */
export function titleField(c: Collection): string | null {
  const texts = c.fields.filter((f) => f.type === 'text' || f.type === 'slug' || f.type === 'email')
  for (const name of ['title', 'name', 'label', 'heading', 'headline']) if (c.fields.some((f) => f.name === name)) return name
  return texts[0]?.name ?? null
}
