import type { Loader, LoaderContext } from 'astro/loaders'
import type { Collection } from '../core/types.ts'
import { planFields, toData } from './data.ts'
import { astroSchema } from './schema.ts'
import { openSource, type DirSource, type Source, type UrlSource } from './source.ts'

interface Common {
  /** Our collection's slug. */
  collection: string
  /** Our collection slug → the Astro collection name its references point to (default: the same name). */
  references?: Record<string, string>
}

export type CmsLoaderOptions = Common & (DirSource | UrlSource)

/**
 * An Astro content loader for one collection: `defineCollection({ loader: cmsLoader({ collection:
 * 'articles', dir: './content' }) })` reads the files through the server-less reader (no server,
 * no network); `cmsLoader({ collection, url, projectId, token? })` reads a server.
 *
 * Each entry's `id` is its uuid and its `data` its fields as the API answers them (relations as
 * Astro references). Each entry keeps a digest of its API answer: an entry whose digest is the
 * one in Astro's store is not parsed again, and `store.set` answers true only for changed entries.
 */
export function cmsLoader(options: CmsLoaderOptions): Loader {
  if (!options || typeof options.collection !== 'string' || options.collection === '') throw new TypeError('cmsLoader: `collection` must be a collection slug')
  // createSchema() and load() run in one `astro build`/`astro sync`: the content is read once for both.
  let opened: Promise<Source> | null = null
  const source = () => (opened ??= openSource(options))
  const schemaOf = async (src: Source) => {
    const all = await src.collections()
    const collection = all.find((c) => c.slug === options.collection)
    if (!collection) throw new Error(`cmsLoader: no collection "${options.collection}" in ${where(options)} (it has: ${all.map((c) => c.slug).join(', ') || 'none'})`)
    return { all, collection, plan: planFields(collection, all, options.references) }
  }
  return {
    name: 'cms-content-server',
    createSchema: async () => {
      const { all, collection, plan } = await schemaOf(await source())
      return astroSchema(collection, all, plan) as Awaited<ReturnType<NonNullable<Extract<Loader, { createSchema?: unknown }>['createSchema']>>>
    },
    load: async (context) => {
      const src = await source()
      // The next load (astro dev after a change) reads the content again.
      opened = null
      try {
        await fill(context, src, await schemaOf(src), options.collection)
      } finally {
        await src.close()
      }
    },
  }
}

async function fill(context: LoaderContext, src: Source, schema: { collection: Collection; plan: ReturnType<typeof planFields> }, slug: string): Promise<void> {
  const { store, logger, parseData, generateDigest } = context
  const entries = await src.entries(slug)
  const references = Object.fromEntries(schema.plan.references)
  const seen = new Set<string>()
  const changed: string[] = []
  let unchanged = 0
  for (const entry of entries) {
    const id = entry.uuid
    seen.add(id)
    // The digest covers the whole answer and where references point, so either changing re-parses the entry.
    const digest = generateDigest(JSON.stringify([entry, references]))
    const existing = store.get(id)
    const data = existing && existing.digest === digest ? existing.data : await parseData({ id, data: toData(entry, schema.plan) })
    if (store.set({ id, data, digest })) changed.push(id)
    else unchanged++
  }
  let removed = 0
  for (const id of store.keys()) {
    if (!seen.has(id)) {
      store.delete(id)
      removed++
    }
  }
  logger.info(`${slug}: ${changed.length} changed, ${unchanged} unchanged, ${removed} removed`)
  if (changed.length > 0 && changed.length <= 20) logger.info(`${slug}: changed ${changed.join(' ')}`)
}

const where = (o: CmsLoaderOptions) => ('dir' in o && typeof o.dir === 'string' ? `the content folder ${o.dir}` : `the server ${(o as UrlSource).url}`)
