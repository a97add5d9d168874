import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createRequestLog } from '../../../src/cli/request-log.ts'

/** The request log batches its lines (off the hot path) and loses none. */
describe('request log', () => {
  test('many answers are written together, every line intact and in order', async () => {
    const writes: string[] = []
    let wrote!: () => void
    const written = new Promise<void>((resolve) => (wrote = resolve))
    const log = createRequestLog({ format: 'text', quiet: false, write: (text) => { writes.push(text); wrote() } })
    for (let i = 0; i < 200; i++) log('GET', `/articles?page=${i}`, 200, 1.23, { remoteAddress: '127.0.0.1' })
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
    log('GET', '/articles', 200, 1, { remoteAddress: '127.0.0.1' })
    expect(writes).toEqual([])
  })

  // The log writes stdout with fs.writeSync (request-log.ts). A stdout left non-blocking by
  // whoever started the server, and full, must hand the rest to the stream: no line lost,
  // none out of order (before the fallback existed, EAGAIN was thrown and the lines lost).
  test.each([['blocking', false], ['non-blocking and full', true]])('a real stdout pipe (%s) gets every line, in order', async (_name, nonBlocking) => {
    const module = JSON.stringify(fileURLToPath(new URL('../../../dist/cli/request-log.js', import.meta.url)))
    const code = `const { createRequestLog } = await import(${module});
      ${nonBlocking ? 'process.stdout._handle.setBlocking(false);' : ''}
      const log = createRequestLog({ format: 'text', quiet: false });
      for (let i = 0; i < 30000; i++) log('GET', '/articles?page=' + i, 200, 0.25, {});
      process.stderr.write('done')`
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const exited = new Promise((resolve) => child.on('exit', resolve))
    let err = ''
    child.stderr.on('data', (d) => { err += d })
    if (nonBlocking) {
      // Nothing is read until the child has logged everything (or died): a 64 KiB pipe is full long before.
      child.stdout.pause()
      await Promise.race([exited, new Promise<void>((resolve) => child.stderr.on('data', () => { if (err.includes('done')) resolve() }))])
    }
    child.stdout.on('data', (d) => { out += d })
    child.stdout.resume()
    expect(await exited, err).toBe(0)
    const lines = out.split('\n').filter(Boolean)
    expect(lines).toHaveLength(30000)
    expect(lines.every((line, i) => line === `GET /articles?page=${i} 200 0.3 ms`)).toBe(true)
  }, 60_000)
})
