import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { guarded, type McpTarget } from '../call.ts'

/** What every tool group gets: where to send its work and what the session allows. */
export interface ToolScope {
  server: McpServer
  target: McpTarget
  /** `--read-only`: only reading tools are offered. */
  readOnly: boolean
  /** Called after a tool changed a schema, so resources are re-announced at once. */
  schemaChanged: () => void
}

type Shape = z.ZodRawShape

export interface ToolSpec<S extends Shape> {
  title: string
  description: string
  input: S
  /** `read`: never changes content. `write`: changes it; `destructive` writes lose something (MCP destructiveHint). */
  kind: 'read' | 'write' | 'destructive'
  idempotent?: boolean
}

/**
 * Registers one tool: its input as a strict Zod object (the SDK validates arguments against it
 * and lists it as JSON Schema, unknown keys refused), its MCP hints, and a body whose every
 * failure becomes a tool error. Writing tools are left out under `--read-only`.
 */
export function defineTool<S extends Shape>(scope: ToolScope, name: string, spec: ToolSpec<S>, body: (args: z.infer<z.ZodObject<S>>) => Promise<CallToolResult>): void {
  if (scope.readOnly && spec.kind !== 'read') return
  const annotations: ToolAnnotations = {
    title: spec.title,
    readOnlyHint: spec.kind === 'read',
    ...(spec.kind === 'read' ? {} : { destructiveHint: spec.kind === 'destructive', idempotentHint: spec.idempotent === true }),
    openWorldHint: false,
  }
  const schema = z.object(spec.input).strict()
  scope.server.registerTool(name, { title: spec.title, description: spec.description, inputSchema: schema, annotations },
    ((args: z.infer<typeof schema>) => guarded(() => body(args))) as never)
}

export const collectionArg = z.string().min(1).describe('Collection slug, e.g. "articles" (see list_collections)')
/** A uuid as the store writes them; anything else is refused before a request is made. */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
export const uuidArg = z.string().regex(UUID_PATTERN, 'must be a uuid (8-4-4-4-12 hex digits)').describe('Entry uuid')
