import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { cms } from '../../helpers/cli.ts'
import { PreviewTokens } from '../../../src/preview/preview-tokens.ts'

/** `cms preview-token` and `cms project set --preview-url`, with no server (the app in process). */
let project: TempProject
let uuid: string

beforeAll(async () => {
  project = await makeProject(smallBlogTemplate())
  const { readdir } = await import('node:fs/promises')
  uuid = (await readdir(join(project.contentDir, 'entries', 'posts')))[0]!.replace(/\.json$/, '')
})
afterAll(async () => { await project?.cleanup() })

test('issues a token for one entry (--json prints {token, expires_at}); --revoke-all ends it', async () => {
  const issued = await cms(['preview-token', '--collection', 'posts', '--uuid', uuid, '--ttl', '120', '--dir', project.contentDir, '--json'])
  expect(issued.code, issued.stderr).toBe(0)
  const out = JSON.parse(issued.stdout) as { token: string; expires_at: string }
  expect(Object.keys(out).sort()).toEqual(['expires_at', 'token'])
  expect(Date.parse(out.expires_at) - Date.now()).toBeGreaterThan(100_000)
  const keys = new PreviewTokens(project.stateDir)
  expect(keys.verify(out.token, project.projectId)).toMatchObject({ c: 'posts', u: uuid })
  const revoked = await cms(['preview-token', '--revoke-all', '--dir', project.contentDir, '--json'])
  expect(revoked.code, revoked.stderr).toBe(0)
  expect(JSON.parse(revoked.stdout)).toEqual({ revoked: 'all' })
  expect(keys.verify(out.token, project.projectId)).toMatchObject({ status: 401, message: expect.stringMatching(/revoked/) })
})

// Setting a good template is PATCH /project (the editor's preview test sets one); the command's own part is its flag and its error.
test('cms project set --preview-url refuses a template whose host holds a placeholder, naming it', async () => {
  const bad = await cms(['project', 'set', '--preview-url', 'http://{slug}.example/x', '--dir', project.contentDir])
  expect(bad.code).toBe(1)
  expect(bad.stderr).toMatch(/preview_url's scheme and host/)
})
