import { isSlug, isUuid } from '../core/ids.ts'

/**
 * The cache tags shared by `cmsFetch` (which tags each request) and the revalidation handler
 * (which expires them): `cms` on everything, `<collection>` on every read of a collection,
 * `<collection>:<uuid>` on a read of one entry.
 */
export const ALL_TAG = 'cms'

export const collectionTag = (slug: string): string => slug
export const entryTag = (slug: string, uuid: string): string => `${slug}:${uuid.toLowerCase()}`

/** Tags of an API path (`/articles?...` → `cms`, `articles`; `/articles/<uuid>` adds the entry's). */
export function tagsOfPath(path: string): string[] {
  const [first, second] = path.split('?')[0]!.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  const tags = [ALL_TAG]
  if (isSlug(first) && first !== 'collections') {
    tags.push(collectionTag(first))
    if (isUuid(second)) tags.push(entryTag(first, second))
  }
  return tags
}

/** Whether an API path reads one entry (`/<collection>/<uuid>`). */
export function isEntryPath(path: string): boolean {
  const parts = path.split('?')[0]!.split('/').filter(Boolean)
  return parts.length === 2 && isSlug(parts[0]) && isUuid(parts[1])
}
