import { describe, expect, test } from 'vitest'
import { createRequestLog } from '../../src/cli/request-log.ts'

/** The request log batches its lines (off the hot path) and loses none. */
describe('request log', () => {
  test('many answers are written together, every line intact and in order', async () => {
    const writes: string[] = []
    let wrote!: () => void
    const written = new Promise<void>((resolve) => (wrote = resolve))
    const log = createRequestLog({ format: 'text', quiet: false, write: (text) => { writes.push(text); wrote() } })
    for (let i = 0; i < 200; i++) log({ method: 'GET', path: `/articles?page=${i}`, status: 200, ms: 1.23, ip: '127.0.0.1' })
    expect(writes).toEqual([])
    await written
    expect(writes).toHaveLength(1)
    const lines = writes.join('').split('\n').filter(Boolean)
    expect(lines).toHaveLength(200)
    expect(lines[0]).toBe('GET /articles?page=0 200 1.2 ms')
    expect(lines[199]).toBe('GET /articles?page=199 200 1.2 ms')
  })

  test('quiet writes nothing per request', () => {
    const writes: string[] = []
    const log = createRequestLog({ format: 'json', quiet: true, write: (text) => writes.push(text) })
    log({ method: 'GET', path: '/articles', status: 200, ms: 1, ip: '127.0.0.1' })
    expect(writes).toEqual([])
  })
})
