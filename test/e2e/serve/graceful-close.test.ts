import { afterEach, expect, test } from 'vitest'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setupWriting, type WritingEnv } from '../entries/setup.ts'

let env: WritingEnv | undefined
afterEach(async () => {
  await env?.project.cleanup()
  env = undefined
})

/** A raw connection, so that the test decides when each byte of a request is sent. */
async function open(url: string): Promise<{ socket: Socket; received: () => string; until: (re: RegExp) => Promise<string> }> {
  const { port } = new URL(url)
  const socket = connect(Number(port), '127.0.0.1')
  await once(socket, 'connect')
  let text = ''
  const waiting = new Set<() => void>()
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
    for (const wake of waiting) wake()
  })
  socket.on('close', () => { for (const wake of waiting) wake() })
  const until = (re: RegExp) => new Promise<string>((resolve, reject) => {
    const check = () => {
      if (re.test(text)) { waiting.delete(check); resolve(text) } else if (socket.destroyed) { waiting.delete(check); reject(new Error(`connection closed; received: ${text}`)) }
    }
    waiting.add(check)
    check()
  })
  return { socket, received: () => text, until }
}

test('stopping a server ends idle keep-alive connections at once and finishes a write already under way', async () => {
  env = await setupWriting()
  const { server, token } = env
  const projectId = server.ctx.store.project.uuid

  // A client holding an idle keep-alive connection (a site build's agent between two reads).
  const idle = await open(server.url)
  idle.socket.write(`GET /articles HTTP/1.1\r\nHost: 127.0.0.1\r\nproject-id: ${projectId}\r\n\r\n`)
  await idle.until(/\r\n\r\n\[/)
  const idleClosed = once(idle.socket, 'close')

  // A create whose headers have arrived (the server said 100 Continue) and whose body has not.
  const body = JSON.stringify({ data: { title: 'Sent while stopping', seo: { meta_title: 'T' } } })
  const writer = await open(server.url)
  writer.socket.write(`POST /articles HTTP/1.1\r\nHost: 127.0.0.1\r\nproject-id: ${projectId}\r\nauthorization: Bearer ${token}\r\n` +
    `content-type: application/json\r\naccept: application/json\r\nexpect: 100-continue\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`)
  await writer.until(/100 Continue/)

  const closed = server.close()
  await idleClosed
  writer.socket.write(body)
  const answer = await writer.until(/\r\n\r\n\{[\s\S]*\}$/)
  await closed

  expect(answer).toMatch(/HTTP\/1\.1 201/)
  const created = (JSON.parse(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4)) as { data: { uuid: string } }).data
  // The acknowledged write is on disk.
  const file = JSON.parse(await readFile(join(env.project.contentDir, 'entries', 'articles', `${created.uuid}.json`), 'utf8')) as { fields: Record<string, unknown> }
  expect(file.fields).toMatchObject({ title: 'Sent while stopping' })
  // The write's connection is ended once its answer is sent, not held open for its keep-alive timeout.
  if (!writer.socket.destroyed) await once(writer.socket, 'close')
})
