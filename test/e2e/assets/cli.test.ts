import { afterEach, describe, expect, it } from 'vitest'
import { writeFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { makePng } from './helpers.ts'

let project: TempProject | undefined
let server: ServeProcess | undefined
afterEach(async () => {
  if (server && server.child.exitCode === null) { server.child.kill('SIGTERM'); await server.exited.catch(() => {}) }
  server = undefined
  await project?.cleanup()
})

type Asset = Record<string, any>

async function setup() {
  project = await makeProject({ name: 'cli', default_locale: 'en', locales: ['en'], public_api: true, collections: [] })
  const png = join(project.dir, 'pic.png')
  const txt = join(project.dir, 'notes.txt')
  await writeFile(png, makePng(9, 4))
  await writeFile(txt, 'some notes\n')
  return { png, txt, dir: project.contentDir }
}

describe('cms asset', () => {
  for (const mode of ['direct (no server)', 'through the running server'] as const) {
    it(`add, list, show, remove: ${mode}`, async () => {
      const { png, txt, dir } = await setup()
      if (mode !== 'direct (no server)') server = await serve(['--dir', dir])

      const added = await cms(['asset', 'add', png, txt, '--alt', 'Alt!', '--dir', dir, '--json'])
      expect(added.code, added.stderr).toBe(0)
      const assets = JSON.parse(added.stdout) as Asset[]
      expect(assets.map((a) => [a.filename, a.mime_type, a.metadata.alt_text])).toEqual([['pic.png', 'image/png', 'Alt!'], ['notes.txt', 'text/plain', 'Alt!']])
      expect(assets[0]!.metadata).toMatchObject({ width: 9, height: 4 })
      const stored = await readFile(join(dir, 'assets', assets[0]!.uuid, 'pic.png'))
      expect(stored.equals(await readFile(png))).toBe(true)

      const list = await cms(['asset', 'list', '--type', 'image', '--dir', dir, '--json'])
      expect(list.code).toBe(0)
      expect((JSON.parse(list.stdout) as { data: Asset[] }).data.map((a) => a.uuid)).toEqual([assets[0]!.uuid])

      const show = await cms(['asset', 'show', assets[1]!.uuid, '--dir', dir, '--json'])
      expect(JSON.parse(show.stdout)).toMatchObject({ uuid: assets[1]!.uuid, filename: 'notes.txt', bytes: 11 })

      const removed = await cms(['asset', 'remove', assets[1]!.uuid, '--force', '--dir', dir, '--json'])
      expect(removed.code).toBe(0)
      expect(JSON.parse(removed.stdout)).toMatchObject({ message: 'Asset permanently deleted' })
      const missing = await cms(['asset', 'show', assets[1]!.uuid, '--dir', dir, '--json'])
      expect(missing.code).toBe(1)
      expect(JSON.parse(missing.stdout).error.message).toMatch(/Asset not found/)
    })
  }

  it('reports a refused file with exit 1 and keeps going with the others', async () => {
    const { png, dir } = await setup()
    const exe = join(project!.dir, 'tool.png')
    await writeFile(exe, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]))
    const r = await cms(['asset', 'add', exe, png, join(project!.dir, 'nope.jpg'), '--dir', dir, '--json'])
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as { data: Asset[]; errors: Array<{ path: string; message: string }> }
    expect(out.data.map((a) => a.filename)).toEqual(['pic.png'])
    expect(out.errors.map((e) => e.path)).toEqual([exe, join(project!.dir, 'nope.jpg')])
    expect(out.errors[0]!.message).toMatch(/does not match|not allowed/)
  })
})
