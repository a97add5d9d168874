import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { CMS_BIN } from '../../helpers/cli.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/** A small project: `posts` (title required, views, featured) and a `settings` singleton. */
export function mcpProject(): Promise<TempProject> {
  return makeProject({
    name: 'MCP test', default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [
      {
        name: 'Posts', slug: 'posts',
        fields: [field('title', 'text', { validations: { required: { status: true, message: null } } }), field('views', 'number'), field('featured', 'boolean')],
      },
      { name: 'Settings', slug: 'settings', is_singleton: true, fields: [field('site_name', 'text')] },
    ],
  })
}

export interface McpSession {
  client: Client
  stderr: () => string
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: any }>
  close(): Promise<void>
}

/** The SDK's own Client over a real stdio transport to `node bin/cms.mjs mcp <args>`. */
export async function connectMcp(args: string[], env: Record<string, string> = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CMS_BIN, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), API_RATE_LIMIT_PER_MINUTE: '0', ...env },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const client = new Client({ name: 'cms-test', version: '1.0.0' })
  await client.connect(transport)
  return {
    client,
    stderr: () => stderr,
    call: async (name, a = {}) => (await client.callTool({ name, arguments: a })) as CallToolResult & { structuredContent?: any },
    close: () => client.close(),
  }
}
