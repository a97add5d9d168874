import { useMemo, useState } from 'react'
import { listColumns } from '../../schema.ts'
import type { Collection, Field } from '../../types.ts'

const KEY = (project: string, slug: string) => `cms.columns.${project}.${slug}`

/**
 * The list's columns: the first three the schema lists, or the ones this person chose for this
 * collection (remembered in this browser). The first (title) column always stays.
 */
export function useColumns(project: string, collection: Collection): { all: Field[]; shown: Field[]; toggle(name: string): void; reset(): void } {
  const all = useMemo(() => listColumns(collection), [collection])
  const [chosen, setChosen] = useState<string[] | null>(() => {
    try {
      const raw = localStorage.getItem(KEY(project, collection.slug))
      const list = raw ? JSON.parse(raw) as unknown : null
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : null
    } catch { return null }
  })
  // By default the title and the next two fields people read (a slug is for machines).
  const names = chosen ?? [all[0], ...all.slice(1).filter((f) => f.type !== 'slug').slice(0, 2)].filter(Boolean).map((f) => f!.name)
  const shown = all.filter((f, i) => i === 0 || names.includes(f.name))
  const save = (next: string[] | null) => {
    setChosen(next)
    try {
      if (next) localStorage.setItem(KEY(project, collection.slug), JSON.stringify(next))
      else localStorage.removeItem(KEY(project, collection.slug))
    } catch { /* private mode: the choice lasts for this page only */ }
  }
  return {
    all,
    shown,
    toggle: (name) => save(names.includes(name) ? names.filter((n) => n !== name) : [...names, name]),
    reset: () => save(null),
  }
}
