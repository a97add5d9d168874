import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Collection } from '../core/types.ts'
import { collectionSchema } from '../schema/json-schema.ts'
import { run, type McpTarget } from './call.ts'
import { FIELD_TYPES_REFERENCE, QUERY_LANGUAGE_REFERENCE } from './references.ts'
import { getCollection } from './tools/collections.ts'

type Json = Record<string, unknown>

const schemaUri = (slug: string) => `cms://collections/${encodeURIComponent(slug)}/schema`

/**
 * Resources: the two references and one schema per collection, each schema with the JSON
 * Schema an entry's `data` must satisfy. Clients learn of schema changes (by a tool of this
 * session or anyone else) through resources/list_changed, and subscribers of a schema through
 * resources/updated.
 */
export function registerResources(server: McpServer, target: McpTarget): SchemaWatch {
  server.registerResource('field-types', 'cms://reference/field-types', {
    title: 'Field types',
    description: 'Every field type: the value it takes in an entry\'s data, its options and validations',
    mimeType: 'text/markdown',
  }, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: FIELD_TYPES_REFERENCE }] }))

  server.registerResource('query-language', 'cms://reference/query-language', {
    title: 'Query language',
    description: 'How list_entries filters (where, operators, or-groups), sorts and paginates',
    mimeType: 'text/markdown',
  }, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: QUERY_LANGUAGE_REFERENCE }] }))

  server.registerResource('collection-schema', new ResourceTemplate('cms://collections/{slug}/schema', {
    list: async () => {
      const list = await run<Json[]>(target, {
        method: 'GET', path: '/collections',
      })
      return {
        resources: list.map((c) => ({
          uri: schemaUri(String(c.slug)),
          name: `${String(c.slug)} schema`,
          // The name is free text from the schema file: quoted on one line, so it reads as data and cannot start a line of its own.
          title: `${JSON.stringify(String(c.name).replace(/\s+/g, ' '))} (${String(c.slug)}) schema`,
          description: `Fields of the ${String(c.slug)} collection${c.is_singleton ? ' (a singleton)' : ''} and the JSON Schema of its entries' data`,
          mimeType: 'application/json',
        })),
      }
    },
  }), {
    title: 'Collection schema',
    description: 'A collection\'s fields and the JSON Schema its entries\' data must satisfy',
    mimeType: 'application/json',
  }, async (uri, variables) => {
    const slug = decodeURIComponent(String(variables.slug))
    const collection = await getCollection({ target }, slug)
    const body = { ...collection, entry_data_schema: collectionSchema(collection as unknown as Collection, 'input') }
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }] }
  })

  const watch = new SchemaWatch(server, target)
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } })
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    watch.subscribed.add(request.params.uri)
    return {}
  })
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    watch.subscribed.delete(request.params.uri)
    return {}
  })
  return watch
}

/**
 * Notices schema changes by polling a cheap stamp per collection: the collection files' size
 * and mtime when the content dir is on this machine (no store load, no lock), else each
 * collection's `updated_at` from the server. A tool that changed a schema asks for a check at once.
 */
export class SchemaWatch {
  readonly subscribed = new Set<string>()
  private stamps: Map<string, string> | null = null
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false

  private readonly server: McpServer
  private readonly target: McpTarget

  constructor(server: McpServer, target: McpTarget) {
    this.server = server
    this.target = target
  }

  start(intervalMs: number): void {
    void this.check()
    this.timer = setInterval(() => void this.check(), intervalMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** Compares the stamps with the last ones; overlapping calls coalesce into one more check. */
  check(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.compare().finally(() => {
      this.running = null
      if (this.again) {
        this.again = false
        void this.check()
      }
    })
    return this.running
  }

  private async compare(): Promise<void> {
    let next: Map<string, string>
    try {
      next = await this.read()
    } catch {
      return // unreachable server or a folder mid-checkout: try again next tick
    }
    const previous = this.stamps
    this.stamps = next
    if (!previous) return
    const changed = new Set<string>()
    for (const [slug, stamp] of next) if (previous.get(slug) !== stamp) changed.add(slug)
    for (const slug of previous.keys()) if (!next.has(slug)) changed.add(slug)
    if (changed.size === 0 || !this.server.isConnected()) return
    this.server.sendResourceListChanged()
    for (const slug of changed) {
      const uri = schemaUri(slug)
      if (this.subscribed.has(uri)) await this.server.server.sendResourceUpdated({ uri }).catch(() => {})
    }
  }

  private async read(): Promise<Map<string, string>> {
    const stamps = new Map<string, string>()
    const dir = this.target.contentDir
    if (dir) {
      const folder = join(dir, 'collections')
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[]
        throw error
      })
      for (const name of names) {
        if (!name.endsWith('.yaml') || name.startsWith('.')) continue
        const info = await stat(join(folder, name)).catch(() => null)
        if (info?.isFile()) stamps.set(name.slice(0, -'.yaml'.length), `${info.size}:${info.mtimeMs}`)
      }
      return stamps
    }
    const list = await run<Json[]>(this.target, { method: 'GET', path: '/collections' })
    for (const c of list) stamps.set(String(c.slug), String(c.updated_at))
    return stamps
  }
}
