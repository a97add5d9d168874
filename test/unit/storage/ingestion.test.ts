import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { ContentStore } from '../../../src/storage/store.ts'
import { watchContent } from '../../../src/storage/watcher.ts'
import { validateTree } from '../../../src/review/validate.ts'
import { FILE_PROBLEMS, type FileProblem } from '../../../src/storage/problems.ts'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'

/*
 * One way in: a broken file of each kind gets the same code, message and line from the three
 * readers of content files: the start-up load, the watcher (a running server seeing the file
 * change) and `cms validate`. Real files in temp dirs; the watcher is the real one.
 */

interface Case {
  kind: string
  code: FileProblem['code']
  /** Writes the broken file; returns its path relative to the content root. */
  breakIt(p: TempProject): Promise<string>
}

const firstEntry = async (p: TempProject, slug: string) => (await readdir(join(p.contentDir, 'entries', slug))).find((n) => n.endsWith('.json'))!

const cases: Case[] = [
  {
    kind: 'collection', code: 'slug_mismatch',
    async breakIt(p) {
      const file = join(p.contentDir, 'collections', 'authors.yaml')
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^slug: authors$/m, 'slug: writers'))
      return 'collections/authors.yaml'
    },
  },
  {
    kind: 'entry', code: 'uuid_mismatch',
    async breakIt(p) {
      const name = await firstEntry(p, 'articles')
      const file = join(p.contentDir, 'entries', 'articles', name)
      await writeFile(file, (await readFile(file, 'utf8')).replace(/"uuid": "[^"]+"/, `"uuid": "${randomUUID()}"`))
      return `entries/articles/${name}`
    },
  },
  {
    kind: 'entry without its collection', code: 'no_collection',
    async breakIt(p) {
      const name = await firstEntry(p, 'articles')
      await mkdir(join(p.contentDir, 'entries', 'ghosts'), { recursive: true })
      await writeFile(join(p.contentDir, 'entries', 'ghosts', name), await readFile(join(p.contentDir, 'entries', 'articles', name), 'utf8'))
      return `entries/ghosts/${name}`
    },
  },
  {
    kind: 'webhook', code: 'syntax',
    async breakIt(p) {
      const uuid = randomUUID()
      await mkdir(join(p.contentDir, 'webhooks'), { recursive: true })
      await writeFile(join(p.contentDir, 'webhooks', `${uuid}.yaml`), 'name: Deploy\nurl: [unclosed\n')
      return `webhooks/${uuid}.yaml`
    },
  },
  {
    kind: 'asset', code: 'schema',
    async breakIt(p) {
      const uuid = randomUUID()
      await mkdir(join(p.contentDir, 'assets'), { recursive: true })
      await writeFile(join(p.contentDir, 'assets', `${uuid}.yaml`), `uuid: ${uuid}\nfilename: 42\n`)
      return `assets/${uuid}.yaml`
    },
  },
  {
    kind: 'tokens', code: 'schema',
    async breakIt(p) {
      await writeFile(join(p.contentDir, 'tokens.yaml'), 'tokens: nope\n')
      return 'tokens.yaml'
    },
  },
]

// `cms validate` names a line for every problem: 1 when the problem is the file as a whole.
const seen = (p: { code?: string; message: string; line?: number } | undefined) => p && { code: p.code, message: p.message, line: p.line ?? 1 }

describe('one ingestion path: the same broken file, the same problem everywhere', () => {
  it.each(cases)('$kind ($code)', async ({ code, breakIt }) => {
    const project = await makeProject(blogTemplate())
    try {
      // The watcher: a store loaded from the good tree sees the file break.
      const live = await ContentStore.open(project.contentDir, { indexCache: false, onProblem: () => {} })
      const watcher = watchContent(live.ingestion)
      let fromWatcher: FileProblem | undefined
      let rel: string
      try {
        await watcher.ready
        rel = await breakIt(project)
        await vi.waitFor(() => expect(live.problems.get(rel)).toBeDefined(), { timeout: 5000, interval: 25 })
        fromWatcher = live.problems.get(rel)
      } finally {
        await watcher.close()
      }
      // The start-up load of the broken tree.
      const loaded = await ContentStore.open(project.contentDir, { indexCache: false, onProblem: () => {} })
      const fromLoad = loaded.problems.get(rel)
      // `cms validate`.
      const report = await validateTree(project.contentDir)
      const fromValidate = report.problems.find((p) => p.file === rel && p.code !== undefined)

      expect(fromWatcher?.code).toBe(code)
      expect(FILE_PROBLEMS[code]).toBeDefined()
      expect(seen(fromLoad)).toEqual(seen(fromWatcher))
      expect(seen(fromValidate)).toEqual(seen(fromWatcher))
    } finally {
      await project.cleanup()
    }
  })

  it('project.yaml: the start-up load refuses it with the message the watcher and validate report', async () => {
    const project = await makeProject(blogTemplate())
    try {
      const live = await ContentStore.open(project.contentDir, { indexCache: false, onProblem: () => {} })
      const watcher = watchContent(live.ingestion)
      try {
        await watcher.ready
        const file = join(project.contentDir, 'project.yaml')
        await writeFile(file, `${await readFile(file, 'utf8')}\nname: [unclosed\n`)
        await vi.waitFor(() => expect(live.problems.get('project.yaml')).toBeDefined(), { timeout: 5000, interval: 25 })
      } finally {
        await watcher.close()
      }
      const fromWatcher = live.problems.get('project.yaml')!
      expect(fromWatcher.code).toBe('syntax')
      await expect(ContentStore.open(project.contentDir, { indexCache: false })).rejects.toThrow(`project.yaml:${fromWatcher.line}: ${fromWatcher.message}`)
      const report = await validateTree(project.contentDir)
      const fromValidate = report.problems.find((p) => p.file === 'project.yaml' && p.code !== undefined)
      expect(seen(fromValidate)).toEqual(seen(fromWatcher))
    } finally {
      await project.cleanup()
    }
  })
})
