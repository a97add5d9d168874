import { afterEach, describe, expect, it } from 'vitest'
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import type { TempProject } from '../helpers/project.ts'
import { createToken } from '../../src/service/tokens/manage.ts'
import { setRemoveFaultForTests } from '../../src/storage/atomic.ts'
import { validateTree } from '../../src/review/validate.ts'
import { allowServerErrors } from '../helpers/no-server-errors.ts'
import { assetProject, form } from '../assets/helpers.ts'

/**
 * An asset's permanent removal (DELETE /files/{uuid}?force=1) takes its metadata file and its
 * stored-file folder: a failed removal changes nothing, and a stop part-way leaves neither an
 * asset without its file nor a stored file without metadata (which `cms validate` reports).
 */
const exists = (p: string) => access(p).then(() => true, () => false)
let project: TempProject | undefined
let server: TestServer | undefined
afterEach(async () => {
  setRemoveFaultForTests(null)
  await server?.close()
  server = undefined
  await project?.cleanup()
  project = undefined
})

async function upload(s: TestServer, token: string, name: string): Promise<string> {
  const res = await s.request('/files', { method: 'POST', token, body: form([{ name, bytes: `bytes of ${name}` }]) })
  expect(res.status).toBe(201)
  return ((await res.json()) as { uuid: string }).uuid
}

const strayFiles = async (contentDir: string) => (await validateTree(contentDir)).problems.filter((p) => /without metadata/.test(p.message)).map((p) => p.file)

describe('removing an asset with its stored file', () => {
  it('a removal the disk refuses answers an error and changes nothing: the metadata and the file stay', async () => {
    const made = await assetProject()
    project = made.project
    server = made.server
    const uuid = await upload(server, made.token, 'kept.txt')
    const meta = join(project.contentDir, 'assets', `${uuid}.yaml`)
    allowServerErrors()
    setRemoveFaultForTests((path) => (path === meta ? Object.assign(new Error('EIO: i/o error, unlink'), { code: 'EIO', errno: -5 }) : null))

    const refused = await server.request(`/files/${uuid}?force=1`, { method: 'DELETE', token: made.token })
    expect(refused.status).toBe(500)
    const download = await server.request(`/files/${uuid}/download`, { token: made.token })
    expect(download.status).toBe(200)
    expect(await download.text()).toBe('bytes of kept.txt')
    expect(await readdir(join(project.contentDir, 'assets', uuid))).toEqual(['kept.txt'])

    setRemoveFaultForTests(null)
    expect((await server.request(`/files/${uuid}?force=1`, { method: 'DELETE', token: made.token })).status).toBe(200)
    expect((await server.request(`/files/${uuid}`, { token: made.token })).status).toBe(404)
    expect(await exists(meta)).toBe(false)
    expect(await exists(join(project.contentDir, 'assets', uuid))).toBe(false)
    expect(await readdir(join(project.contentDir, 'assets', '.removing'))).toEqual([])
  })

  it('a stop on either side of the metadata\'s removal is finished or undone by the next writer', async () => {
    const made = await assetProject()
    project = made.project
    server = made.server
    const kept = await upload(server, made.token, 'before.txt')
    const gone = await upload(server, made.token, 'after.txt')
    await server.close()
    server = undefined
    // What a stop leaves: both stored-file folders set aside; the second asset's metadata already removed.
    const assets = join(project.contentDir, 'assets')
    await mkdir(join(assets, '.removing'))
    for (const uuid of [kept, gone]) await rename(join(assets, uuid), join(assets, '.removing', uuid))
    await rm(join(assets, `${gone}.yaml`))
    // Set aside, a stored file is not one without metadata: validate does not look there.
    expect(await strayFiles(project.contentDir)).toEqual([])

    server = await startTestServer(project.contentDir)
    const { token } = await createToken(server.ctx.store, { name: 'after the stop', abilities: ['read'] })
    const download = await server.request(`/files/${kept}/download`, { token })
    expect(download.status).toBe(200)
    expect(await download.text()).toBe('bytes of before.txt')
    expect((await server.request(`/files/${gone}`, { token })).status).toBe(404)
    expect(await readdir(join(assets, '.removing'))).toEqual([])
    expect(await exists(join(assets, gone))).toBe(false)
    expect(await strayFiles(project.contentDir)).toEqual([])
  })
})
