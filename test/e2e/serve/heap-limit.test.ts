import { afterEach, describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkHeapForLoad, heapIsTight } from '../../../src/storage/heap.ts'
import { CMS_BIN, cms } from '../../helpers/cli.ts'
import { manyArticles } from '../../helpers/many-articles.ts'

/**
 * Issue 18: a million entries do not fit in Node's default heap (~4 GB). `cms serve` stops
 * with an error naming the size and the setting to change, not with V8's native abort.
 */
let dir: string | undefined
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }) })

const GB = 2 ** 30
const heap = (used: number, limit: number) => ({ used_heap_size: used, heap_size_limit: limit }) as ReturnType<typeof import('node:v8').getHeapStatistics>

describe('optional memory', () => {
  it('is not added once the heap is past 60% of its limit (the sort keys kept on rows stop there)', () => {
    expect(heapIsTight(0.6, heap(2.5 * GB, 4 * GB))).toBe(true)
    expect(heapIsTight(0.6, heap(2.0 * GB, 4 * GB))).toBe(false)
  })
})

describe('a load that does not fit in the heap', () => {
  it('is stopped once the heap is mostly used and the rest would not fit, naming the setting', () => {
    // 3.2 GB of 4 GB after 400k of 1M entries: 8 GB projected.
    expect(() => checkHeapForLoad(400_000, 1_000_000, heap(3.2 * GB, 4 * GB))).toThrow(/Not enough memory to load 1000000 entries: after 400000 .*NODE_OPTIONS=--max-old-space-size=\d+/)
    // Mostly used, but the rest fits: go on.
    expect(() => checkHeapForLoad(950_000, 1_000_000, heap(3.2 * GB, 4 * GB))).not.toThrow()
    // Far from the limit: no projection at all (early figures are mostly garbage).
    expect(() => checkHeapForLoad(10_000, 1_000_000, heap(1 * GB, 4 * GB))).not.toThrow()
  })

  it('cms serve exits 2 with that message instead of V8 aborting', { timeout: 120_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'cms-heap-'))
    const template = join(dir, 't.json')
    // Entries large enough that they alone overflow a 40 MB heap (the guard watches the load):
    // few and long (~11 KB of text each), since each entry costs the import files and time.
    const t = manyArticles(2600) as { demo_data: Array<{ entries: Array<{ fields: Record<string, unknown> }> }> }
    for (const [i, e] of t.demo_data[1]!.entries.entries()) e.fields.excerpt = `${i} ${'lorem ipsum dolor sit amet '.repeat(400)}`
    await writeFile(template, JSON.stringify(t))
    const content = join(dir, 'content')
    expect((await cms(['import', template, '--dir', content])).code).toBe(0)
    const child = spawn(process.execPath, ['--max-old-space-size=40', CMS_BIN, 'serve', '--dir', content, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
    expect(out).toMatch(/Not enough memory to load 2601 entries: after \d+ .*--max-old-space-size=\d+/)
    expect(out).not.toMatch(/heap out of memory/)
    expect(code).toBe(2)
  })
})
