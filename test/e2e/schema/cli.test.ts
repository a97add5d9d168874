import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile, access } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'yaml'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { startTestServer } from '../../helpers/server.ts'
import { addToken, blogTemplate, cms } from './fixture.ts'

let project: TempProject

beforeEach(async () => { project = await makeProject(blogTemplate()) })
afterEach(async () => { await project.cleanup() })

const dir = () => ['--dir', project.contentDir]
const yamlOf = async (rel: string) => parse(await readFile(join(project.contentDir, rel), 'utf8'))
const exists = (rel: string) => access(join(project.contentDir, rel)).then(() => true, () => false)

describe('cms collection', () => {
  it('add, list, show, rename, remove (direct on the store)', async () => {
    const fields = JSON.stringify([{ type: 'text', name: 'title' }, { type: 'group', name: 'hero', children: [{ type: 'text', name: 'heading' }] }])
    const add = await cms(['collection', 'add', 'pages', '--name', 'Pages', '--fields', fields, '--json', ...dir()])
    expect(add.code).toBe(0)
    expect(add.json).toMatchObject({ slug: 'pages', name: 'Pages' })
    expect((await yamlOf('collections/pages.yaml')).fields[1].children[0].name).toBe('heading')

    const list = await cms(['collection', 'list', '--json', ...dir()])
    expect(list.json.map((c: { slug: string }) => c.slug)).toEqual(['authors', 'posts', 'pages'])
    const text = await cms(['collection', 'list', ...dir()])
    expect(text.stdout).toMatch(/^pages\s+Pages$/m)

    const show = await cms(['collection', 'show', 'posts', ...dir()])
    expect(show.stdout).toMatch(/author \(relation\)/)
    expect(show.stdout).toMatch(/^ {4}keywords \(text\)/m)

    const rename = await cms(['collection', 'rename', 'authors', 'people', '--name', 'People', '--json', ...dir()])
    expect(rename.code).toBe(0)
    expect(rename.json).toMatchObject({ slug: 'people', name: 'People' })
    expect((await yamlOf('collections/posts.yaml')).fields.find((f: { name: string }) => f.name === 'author').options.relation.collection).toBe('people')

    const noYes = await cms(['collection', 'remove', 'pages', ...dir()])
    expect(noYes.code).toBe(1)
    expect(await exists('collections/pages.yaml')).toBe(true)
    const rm = await cms(['collection', 'remove', 'pages', '--force', ...dir()])
    expect(rm.code).toBe(0)
    expect(await exists('collections/pages.yaml')).toBe(false)
  })

  it('reserved slug: exit 1 with the 422 message', async () => {
    const r = await cms(['collection', 'add', 'files', '--json', ...dir()])
    expect(r.code).toBe(1)
    expect(r.json.error.errors.slug[0]).toMatch(/reserved/)
  })
})

describe('cms field', () => {
  it('add (refused then forced), update, move, remove', async () => {
    const refused = await cms(['field', 'add', 'posts', 'subtitle', '--type', 'text', '--required', '--json', ...dir()])
    expect(refused.code).toBe(1)
    expect(Object.keys(refused.json.error.errors)).toHaveLength(2)
    const forced = await cms(['field', 'add', 'posts', 'subtitle', '--type', 'text', '--required', '--force', ...dir()])
    expect(forced.code).toBe(0)
    expect(forced.stdout).toMatch(/Added field subtitle \(text\) to posts/)

    const child = await cms(['field', 'add', 'posts', 'robots', '--type', 'text', '--parent', 'meta', '--json', ...dir()])
    expect(child.json.parent_field_id).toBeTruthy()

    const update = await cms(['field', 'update', 'posts', 'subtitle', '--label', 'Sub title', '--no-required', '--json', ...dir()])
    expect(update.json).toMatchObject({ name: 'subtitle', label: 'Sub title' })
    expect(update.json.validations.required.status).toBe(false)

    const move = await cms(['field', 'move', 'posts', 'subtitle', '--to', '1', ...dir()])
    expect(move.code).toBe(0)
    expect((await yamlOf('collections/posts.yaml')).fields[0].name).toBe('subtitle')
    const moveChild = await cms(['field', 'move', 'posts', 'meta.robots', '--to', '1', ...dir()])
    expect(moveChild.code).toBe(0)
    expect((await yamlOf('collections/posts.yaml')).fields.find((f: { name: string }) => f.name === 'meta').children.map((c: { name: string }) => c.name)).toEqual(['robots', 'keywords'])

    const rm = await cms(['field', 'remove', 'posts', 'subtitle', ...dir()])
    expect(rm.code).toBe(0)
    expect((await yamlOf('collections/posts.yaml')).fields.map((f: { name: string }) => f.name)).not.toContain('subtitle')
    expect((await cms(['field', 'remove', 'posts', 'nope', ...dir()])).code).toBe(1)
  })
})

describe('cms locale', () => {
  it('add, default, remove (refused while used, then --force)', async () => {
    expect((await cms(['locale', 'add', 'de', ...dir()])).stdout).toMatch(/Locales: en \(default\), fr, de/)
    expect((await cms(['locale', 'default', 'de', '--json', ...dir()])).json.default_locale).toBe('de')
    expect((await yamlOf('project.yaml')).default_locale).toBe('de')
    const refused = await cms(['locale', 'remove', 'fr', ...dir()])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/would not satisfy it|orphans/)
    const forced = await cms(['locale', 'remove', 'fr', '--force', '--json', ...dir()])
    expect(forced.json.locales).toEqual(['en', 'de'])
  })
})

describe('the same commands against a server (--url)', () => {
  it('prints what the direct path prints', async () => {
    const server = await startTestServer(project.contentDir)
    try {
      const token = await addToken(server, 'admin', ['admin', 'read'])
      const remote = ['--url', server.url, '--token', token, '--project', project.projectId]
      const added = await cms(['field', 'add', 'posts', 'summary', '--type', 'longtext', ...remote, ...dir()])
      expect(added.stderr).toBe('')
      expect(added.code).toBe(0)
      expect(added.stdout).toBe('Added field summary (longtext) to posts\n')
      expect(server.ctx.store.collection('posts')!.collection.fields.some((f) => f.name === 'summary')).toBe(true)
      const show = await cms(['collection', 'show', 'posts', ...remote, ...dir()])
      expect(show.stdout).toMatch(/summary \(longtext\)/)
      const locale = await cms(['locale', 'add', 'it', ...remote, ...dir()])
      expect(locale.stdout).toBe('Locales: en (default), fr, it\n')
      const rename = await cms(['collection', 'rename', 'authors', 'people', ...remote, ...dir()])
      expect(rename.stdout).toBe('Renamed collection authors → people (Authors)\n')
      const refused = await cms(['field', 'add', 'posts', 'x', '--type', 'text', '--required', ...remote, ...dir()])
      expect(refused.code).toBe(1)
    } finally {
      await server.close()
    }
  })
})
