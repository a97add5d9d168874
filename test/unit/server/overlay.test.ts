import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { OVERLAY_SCRIPT } from '../../../src/server/admin/overlay-script.ts'
import { createContext } from '../../../src/context.ts'
import { loadConfig } from '../../../src/config.ts'
import { createApp } from '../../../src/server/http/app.ts'
import { makeProject } from '../../helpers/project.ts'
import { smallBlogTemplate } from '../../helpers/templates.ts'
import { editAttributes as clientEditAttributes } from '../../../src/client/index.ts'
import { editAttributes as readerEditAttributes } from '../../../src/reader/index.ts'

/** The click-to-edit overlay (docs/preview.md): small enough for any site, served to any origin. */
describe('/_admin/overlay.js', () => {
  test('at most 3 KB gzipped, and valid JavaScript', () => {
    const size = gzipSync(OVERLAY_SCRIPT, { level: 9 }).length
    expect(size).toBeLessThanOrEqual(3 * 1024)
    expect(() => new Function(OVERLAY_SCRIPT)).not.toThrow()
  })

  test('served as JavaScript, to any origin, without a project header or token', async () => {
    const project = await makeProject(smallBlogTemplate())
    const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), source: 'api' })
    try {
      const res = await createApp(ctx).fetch(new Request('http://127.0.0.1/_admin/overlay.js', { headers: { origin: 'http://site.example' } }))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/javascript/)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(await res.text()).toBe(OVERLAY_SCRIPT)
    } finally {
      await ctx.close()
      await project.cleanup()
    }
  })
})

describe('editAttributes (client and reader)', () => {
  test('names collection, entry and field', () => {
    const entry = { uuid: '0b5c1a8e-2f7d-4c1e-9a3b-5d6e7f809102', collection: 'posts' }
    for (const editAttributes of [clientEditAttributes, readerEditAttributes]) {
      expect(editAttributes(entry, 'title')).toEqual({ 'data-cms-edit': `posts/${entry.uuid}/title` })
      expect(editAttributes({ uuid: entry.uuid }, 'title', 'articles')).toEqual({ 'data-cms-edit': `articles/${entry.uuid}/title` })
      expect(() => editAttributes({ uuid: entry.uuid }, 'title')).toThrow(/collection/)
    }
  })
})
