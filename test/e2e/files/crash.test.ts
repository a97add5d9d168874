import { afterAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { blogTemplate } from '../../helpers/templates.ts'
import { ContentStore } from '../../../src/storage/store.ts'

const writer = fileURLToPath(new URL('./crash-writer.mjs', import.meta.url))
let project: TempProject
afterAll(async () => project?.cleanup())

/** Runs the writer and SIGKILLs it after `killAfter` acknowledged writes; returns the acks. */
function runAndKill(dir: string, round: number, killAfter: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, dir, '500', String(round)], { stdio: ['ignore', 'pipe', 'inherit'] })
    const acks = new Map<string, number>()
    let buffer = ''
    let count = 0
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) {
        const m = /^ack (\S+) (\d+)$/.exec(line)
        if (!m) continue
        acks.set(m[1]!, Number(m[2]))
        if (++count === killAfter) child.kill('SIGKILL')
      }
    })
    child.on('error', reject)
    child.on('exit', () => resolve(acks))
  })
}

describe('crash safety', () => {
  it('a writer SIGKILLed during 500 writes never leaves a torn file and loses no acknowledged write', async () => {
    project = await makeProject(blogTemplate())
    const dir = join(project.contentDir, 'entries', 'articles')
    for (const [round, killAfter] of [[1, 37], [2, 211], [3, 433]] as const) {
      const acks = await runAndKill(project.contentDir, round, killAfter)
      expect(acks.size).toBeGreaterThan(0)
      // Every entry file parses completely.
      const names = (await readdir(dir)).filter((n) => n.endsWith('.json'))
      const titles = new Map<string, string>()
      for (const name of names) {
        const text = await readFile(join(dir, name), 'utf8')
        const entry = JSON.parse(text) as { uuid: string; fields: { title: string } }
        titles.set(entry.uuid, entry.fields.title)
      }
      // Every acknowledged write is there, at the acknowledged state or a later one of this round.
      for (const [uuid, seq] of acks) {
        const title = titles.get(uuid)
        expect(title, `acknowledged entry ${uuid} missing`).toBeDefined()
        const m = /^round (\d+) seq (\d+)$/.exec(title!)
        expect(Number(m![1])).toBe(round)
        expect(Number(m![2])).toBeGreaterThanOrEqual(seq)
      }
    }
    // Reopening cleans the temp files the kills left and loads every file.
    const store = await ContentStore.open(project.contentDir, { onProblem: (p) => { throw new Error(`${p.file}: ${p.message}`) } })
    expect((await readdir(dir)).some((n) => n.includes('.cms-tmp-'))).toBe(false)
    expect(store.collection('articles')!.entries.size).toBe((await readdir(dir)).length)
  })
})
