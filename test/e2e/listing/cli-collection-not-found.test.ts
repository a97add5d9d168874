import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cms, serve, type ServeProcess } from '../../helpers/cli.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { listingTemplate } from './fixture.ts'

/**
 * `cms entry <command> nope`: the CLI names the collection it could not find and lists the
 * existing ones; the HTTP API keeps the hosted service's bare message.
 */
let project: TempProject
beforeAll(async () => { project = await makeProject(listingTemplate()) })
afterAll(async () => { await project.cleanup() })

const MESSAGE = /Collection "nope" not found\. Collections: authors, articles, settings\./

describe('cms entry on a collection that does not exist', () => {
  test('without a server: create, list, get and publish name it and list the collections (exit 1)', async () => {
    const runs = [
      ['entry', 'create', 'nope', '--data', '{"title":"x"}'],
      ['entry', 'list', 'nope'],
      ['entry', 'get', 'nope', '0e8f1a52-7c11-4d7b-9a0e-5b1f6b7d9c01'],
      ['entry', 'publish', 'nope', '0e8f1a52-7c11-4d7b-9a0e-5b1f6b7d9c01'],
    ]
    for (const args of runs) {
      const r = await cms([...args, '--dir', project.contentDir])
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr, args.join(' ')).toMatch(MESSAGE)
    }
    // An existing collection with a missing entry keeps its own message.
    const missing = await cms(['entry', 'get', 'articles', '0e8f1a52-7c11-4d7b-9a0e-5b1f6b7d9c01', '--dir', project.contentDir])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/Content not found/)
  })

  describe('through a running server', () => {
    let server: ServeProcess
    beforeAll(async () => { server = await serve(['--dir', project.contentDir, '--quiet']) }, 30_000)
    afterAll(async () => {
      server.child.kill('SIGTERM')
      await server.exited
    })

    test('the CLI names it too; the API answers the hosted message', async () => {
      const r = await cms(['entry', 'create', 'nope', '--data', '{"title":"x"}', '--dir', project.contentDir])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(MESSAGE)
      const api = await fetch(`${server.url}/nope`, { headers: { 'project-id': project.projectId } })
      expect(api.status).toBe(404)
      expect(await api.json()).toEqual({ message: 'Collection not found.' })
    })
  })
})
