import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../src/context.ts'
import { loadConfig } from '../../src/config.ts'
import { Lazy } from '../../src/core/lazy.ts'
import { editorState } from '../../src/sessions/editor-state.ts'
import { endUserState } from '../../src/end-users/state.ts'
import { blogTemplate } from '../helpers/templates.ts'
import { makeProject, type TempProject } from '../helpers/project.ts'

/**
 * The composition root builds the context whole: what depends on the bind comes in as an
 * option, and the parts opened on first use are holders it made, not fields set later.
 */
let project: TempProject
beforeAll(async () => { project = await makeProject(blogTemplate()) })
afterAll(async () => { await project?.cleanup() })

describe('Lazy', () => {
  it('makes its value once, on the first get; peek does not make it', () => {
    let made = 0
    const lazy = new Lazy(() => ({ n: ++made }))
    expect(lazy.peek()).toBeUndefined()
    expect(made).toBe(0)
    const first = lazy.get()
    expect(lazy.get()).toBe(first)
    expect(lazy.peek()).toBe(first)
    expect(made).toBe(1)
  })
})

describe('createContext', () => {
  it('sets the webhook receiver rules from the bind at construction', async () => {
    const config = loadConfig({ dir: project.contentDir, env: {} })
    const local = await createContext({ config, resume: false })
    const open = await createContext({ config, resume: false, loopbackOnly: false })
    try {
      expect(local.webhooks?.settings.rules).toMatchObject({ allowLoopbackHosts: true, allowLoopbackHttp: true })
      expect(open.webhooks?.settings.rules).toMatchObject({ allowLoopbackHosts: false, allowLoopbackHttp: false })
    } finally {
      await local.close()
      await open.close()
    }
  })

  it('holds the editor and project auth states from the start, opened on first use and closed with the context', async () => {
    const ctx = await createContext({ config: loadConfig({ dir: project.contentDir, env: {} }), resume: false })
    const disposers = ctx.disposers.length
    expect(ctx.editor.peek()).toBeUndefined()
    expect(ctx.endUsers.peek()).toBeUndefined()
    const editor = editorState(ctx)
    const endUsers = endUserState(ctx)
    expect(editorState(ctx)).toBe(editor)
    expect(endUserState(ctx)).toBe(endUsers)
    expect(ctx.disposers.length).toBe(disposers + 2)
    expect(ctx.replica).toBeUndefined()
    await ctx.close()
    expect(ctx.disposers.length).toBe(0)
  })
})
