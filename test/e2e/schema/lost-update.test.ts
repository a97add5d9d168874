import { afterEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { startTestServer, type TestServer } from '../../helpers/server.ts'
import { createToken } from '../../../src/service/tokens/manage.ts'

/**
 * Config writes reach memory only once durable (issue 12, defect 4), so two concurrent changes
 * of one file can be computed from the same record: the later one is refused with 409 instead
 * of silently undoing the earlier one.
 */
let project: TempProject | undefined
let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  await project?.cleanup()
  server = undefined
  project = undefined
})

describe('concurrent changes of one config file', () => {
  it('four locales added at once over HTTP all land, in memory and on disk (admin changes run one at a time)', async () => {
    project = await makeProject(blogTemplate())
    server = await startTestServer(project.contentDir)
    const { token } = await createToken(server.ctx.store, { name: 'admin', abilities: ['admin', 'read'] })
    const locales = ['fr', 'it', 'es', 'nl']
    const answers = await Promise.all(locales.map((locale) => server!.request('/project/locales', { method: 'POST', token, json: { locale } })))
    expect(answers.map((r) => r.status).every((s) => s < 300)).toBe(true)
    expect([...server.ctx.store.project.locales].sort()).toEqual(['de', 'en', ...locales].sort())
    const onDisk = await readFile(join(project.contentDir, 'project.yaml'), 'utf8')
    for (const locale of locales) expect(onDisk).toMatch(new RegExp(`^\\s*- ${locale}$`, 'm'))
  })

  it('a change computed from a record another write replaced meanwhile is refused with 409, changing nothing', async () => {
    project = await makeProject(blogTemplate())
    server = await startTestServer(project.contentDir)
    const store = server.ctx.store
    const base = store.project
    // Two changes computed from the same record, as two requests racing past the routes would.
    const first = store.putProject({ ...base, locales: [...base.locales, 'fr'] }, 'api')
    const second = store.putProject({ ...base, locales: [...base.locales, 'it'] }, 'api')
    await first
    await expect(second).rejects.toMatchObject({ code: 'conflict' })
    expect(store.project.locales).toEqual(['en', 'de', 'fr'])
    expect(await readFile(join(project.contentDir, 'project.yaml'), 'utf8')).not.toMatch(/^\s*- it$/m)
  })
})
