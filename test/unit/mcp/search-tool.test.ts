import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createMcpServer } from '../../../src/mcp/server.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * The MCP `search` tool: the SDK's own client over an in-memory transport to the MCP server in
 * this process, which reaches `GET /_search` as every tool does (no server running: the app in
 * process, through connect/). Cheap: no spawn.
 */
const post = (id: string, locale: string, title: string, body: string) => ({ id, locale, status: 'published', fields: { title, body } })

let project: TempProject
let client: Client
let stop: () => Promise<void>

beforeAll(async () => {
  project = await makeProject({
    slug: 'mcp-search', name: 'MCP search', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [
      { name: 'Posts', slug: 'posts', is_singleton: false, fields: [field('title', 'text'), field('body', 'longtext')] },
      { name: 'Pages', slug: 'pages', is_singleton: false, fields: [field('title', 'text'), field('body', 'longtext')] },
    ],
    demo_data: [
      { collection: 'posts', entries: [
        post('p1', 'en', 'Running along the harbour', 'A morning route past the boats.'),
        post('p2', 'en', 'The fish market', 'Mackerel and herring at dawn.'),
        post('p3', 'de', 'Die Häuser am Hafen', 'Alte Fischerhäuser am Wasser.'),
      ] },
      { collection: 'pages', entries: [post('g1', 'en', 'About the harbour', 'Who writes these notes.')] },
    ],
  })
  const mcp = createMcpServer({ target: { options: { dir: project.contentDir }, contentDir: project.contentDir }, readOnly: false })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await mcp.server.connect(serverSide)
  client = new Client({ name: 'cms-test', version: '1.0.0' })
  await client.connect(clientSide)
  stop = async () => { await client.close(); await mcp.server.close() }
}, 60000)
afterAll(async () => {
  await stop?.()
  await project?.cleanup()
})

type Result = CallToolResult & { structuredContent?: any }
const call = async (args: Record<string, unknown>) => (await client.callTool({ name: 'search', arguments: args })) as Result
const titles = (r: Result) => (r.structuredContent.data as Array<{ title: string }>).map((h) => h.title)

describe('MCP search tool', () => {
  test('is listed as a reading tool with q required', async () => {
    const tool = (await client.listTools()).tools.find((t) => t.name === 'search')!
    expect(tool.annotations?.readOnlyHint).toBe(true)
    expect(tool.inputSchema.required).toEqual(['q'])
    expect(Object.keys(tool.inputSchema.properties!).sort()).toEqual(['collections', 'limit', 'locale', 'q', 'state'])
  })

  test('finds by stem across collections, best first, and says so in one line', async () => {
    const r = await call({ q: 'run' })
    expect(r.isError).toBeFalsy()
    expect(r.structuredContent.data[0]).toMatchObject({ collection: 'posts', locale: 'en', title: 'Running along the harbour' })
    expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/^1 hit\(s\) for "run"; best: "Running along the harbour"/)
    expect(titles(await call({ q: 'harbour' })).sort()).toEqual(['About the harbour', 'Running along the harbour'])
  })

  test('locale (German stems), collections and limit reach the API', async () => {
    expect(titles(await call({ q: 'Haus', locale: 'de' }))).toEqual(['Die Häuser am Hafen'])
    expect(titles(await call({ q: 'harbour', collections: ['pages'] }))).toEqual(['About the harbour'])
    expect(await call({ q: 'harbour', limit: 1 }).then((r) => r.structuredContent.data.length)).toBe(1)
    const none = await call({ q: 'zzzqqqxx' })
    expect(none.structuredContent.data).toEqual([])
    expect((none.content as Array<{ text: string }>)[0]!.text).toBe('Nothing found for "zzzqqqxx".')
  })

  test('bad input is a tool error naming it: an unknown collection (the API\'s 400), an empty q (the schema)', async () => {
    const unknown = await call({ q: 'harbour', collections: ['nope'] })
    expect(unknown.isError).toBe(true)
    expect(unknown.structuredContent).toMatchObject({ status: 400 })
    expect(unknown.structuredContent.message).toMatch(/nope/)
    const empty = await call({ q: ' ' })
    expect(empty.isError).toBe(true)
    expect(JSON.stringify(empty.content)).toMatch(/q/)
  })
})
