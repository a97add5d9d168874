import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { TargetOptions } from '../connect/target.ts'
import { packageVersion } from '../core/version.ts'
import type { McpTarget } from './call.ts'
import { registerResources } from './resources.ts'
import { registerAssetTools } from './tools/assets.ts'
import { registerCollectionTools } from './tools/collections.ts'
import type { ToolScope } from './tools/define.ts'
import { registerEntryTools } from './tools/entries.ts'
import { registerSearchTool } from './tools/search.ts'
import { registerValidateTool } from './tools/validate.ts'

export interface McpOptions {
  target: McpTarget
  /** Offer only the reading tools. */
  readOnly: boolean
}

const INSTRUCTIONS = `Content of a cms project (a local, git-tracked headless CMS with an ElmapiCMS-compatible API).
Start with list_collections and the cms://collections/{slug}/schema resources; read cms://reference/field-types before writing entries and cms://reference/query-language before filtering.
Entries are drafts until published (publish_entry, or state "published"). Every change is a file in the content folder and a reviewable diff.`

/** Builds the MCP server: tools by noun, resources, and the schema watch (exported for in-process tests). */
export function createMcpServer(options: McpOptions): { server: McpServer; start: () => void; stop: () => void } {
  const server = new McpServer({ name: 'cms', version: packageVersion }, { instructions: INSTRUCTIONS })
  let watch: { check: () => Promise<void>; start: (ms: number) => void; stop: () => void } | null = null
  const scope: ToolScope = { server, target: options.target, readOnly: options.readOnly, schemaChanged: () => void watch?.check() }
  registerCollectionTools(scope)
  registerEntryTools(scope)
  registerSearchTool(scope)
  registerAssetTools(scope)
  registerValidateTool(scope)
  watch = registerResources(server, options.target)
  const pollMs = options.target.contentDir ? 1000 : 3000
  return { server, start: () => watch?.start(pollMs), stop: () => watch?.stop() }
}

/** `cms mcp`: serves MCP over stdin/stdout until the client closes stdin. Logs go to stderr only. */
export async function runMcpStdio(targetOptions: TargetOptions, contentDir: string | null, readOnly: boolean): Promise<void> {
  const { server, start, stop } = createMcpServer({ target: { options: targetOptions, contentDir }, readOnly })
  const transport = new StdioServerTransport()
  await server.connect(transport)
  start()
  await new Promise<void>((resolve) => {
    const done = () => resolve()
    process.stdin.once('end', done)
    process.stdin.once('close', done)
    transport.onclose = done
  })
  stop()
  await server.close().catch(() => {})
}
