import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { cms } from '../../helpers/cli.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'
import { makePng } from './helpers.ts'
import { uploadFile } from '../../../src/connect/upload.ts'
import { createApiClient } from '../../../src/connect/api.ts'

/** `cms asset add --url`: the upload is fetch + FormData over fs.openAsBlob. */
describe('cms asset add to a remote server', () => {
  let project: TempProject
  let server: TestServer
  let token: string
  let args: string[]

  beforeAll(async () => {
    project = await makeProject({ name: 'remote', default_locale: 'en', locales: ['en'], public_api: true, collections: [] })
    server = await startTestServer(project.contentDir, { env: { CMS_UPLOAD_LIMIT: String(64 * 1024) } })
    token = (await createToken(server.ctx.store, { name: 'uploader', abilities: ['read', 'create'] })).token
    args = ['--url', server.url, '--token', token, '--project', project.projectId, '--json']
  })
  afterAll(async () => {
    await server?.close()
    await project?.cleanup()
  })

  it('uploads the exact bytes with metadata and a cleaned name, in a batch', async () => {
    const png = makePng(40, 30)
    const pic = join(project.dir, 'a "quoted"\nname.png')
    const notes = join(project.dir, 'notes.txt')
    await writeFile(pic, png)
    await writeFile(notes, 'x'.repeat(40_000))
    const r = await cms(['asset', 'add', pic, notes, '--alt', 'Boats', ...args])
    expect(r.code, r.stderr).toBe(0)
    const [image, text] = JSON.parse(r.stdout) as Array<{ uuid: string; filename: string; mime_type: string; metadata: { alt_text?: string } }>
    expect(image!.filename).toBe('a _quoted__name.png')
    expect(image!.mime_type).toBe('image/png')
    expect(image!.metadata.alt_text).toBe('Boats')
    expect(text!.filename).toBe('notes.txt')
    const stored = await server.request(`/files/${image!.uuid}/download`, { token })
    expect(stored.status).toBe(200)
    expect(Buffer.from(await stored.arrayBuffer()).equals(png)).toBe(true)
  })

  it('counts the bytes of the file as they go into the request (the progress line on a terminal)', async () => {
    const file = join(project.dir, 'counted.txt')
    await writeFile(file, 'y'.repeat(50_000))
    const seen: number[] = []
    const api = createApiClient({ url: server.url, projectId: project.projectId, token })
    const asset = await uploadFile(api, file, {}, (sent) => seen.push(sent))
    expect(asset.filename).toBe('counted.txt')
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.at(-1)).toBe(50_000)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
  })

  it('a file over the upload limit gets the server\'s refusal (exit 1), not a connection error', async () => {
    const big = join(project.dir, 'big.bin')
    await writeFile(big, Buffer.alloc(512 * 1024, 1))
    const r = await cms(['asset', 'add', big, ...args])
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as { data: unknown[]; errors: Array<{ path: string; message: string }> }
    expect(out.data).toEqual([])
    expect(out.errors[0]!.path).toBe(big)
    expect(out.errors[0]!.message).not.toMatch(/Cannot reach/)
    expect(out.errors[0]!.message).toMatch(/large|limit|size/i)
  })

  it('an unreachable server: exit 2, naming the URL', async () => {
    const pic = join(project.dir, 'p.png')
    await writeFile(pic, makePng(2, 2))
    const r = await cms(['asset', 'add', pic, '--url', 'http://127.0.0.1:9', '--token', token, '--project', project.projectId])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('Cannot reach the server at http://127.0.0.1:9')
  })
})
