// Child process for crash.test.ts: writes entries through the real store (built dist/) and
// prints "ack <uuid> <seq>" after each write resolves. The test kills it with SIGKILL.
import { ContentStore } from '../../../dist/storage/store.js'
import { randomUUID } from 'node:crypto'

const [dir, total, round] = [process.argv[2], Number(process.argv[3]), process.argv[4]]
const store = await ContentStore.open(dir)
const index = store.collection('articles')
const template = [...index.entries.values()][0]
const mine = []
for (let seq = 0; seq < total; seq++) {
  // Two writes in three create a new entry; the third rewrites an earlier one (rename over an existing file).
  const reuse = seq % 3 === 2 && mine.length > 0
  const uuid = reuse ? mine[seq % mine.length] : randomUUID()
  if (!reuse) mine.push(uuid)
  const fields = { ...template.fields, title: `round ${round} seq ${seq}`, body: 'x'.repeat(2000 + (seq % 7) * 500) }
  await store.putEntry('articles', { ...template, uuid, fields, published: null, published_version: null, published_at: null }, 'cli')
  process.stdout.write(`ack ${uuid} ${seq}\n`)
}
process.stdout.write('done\n')
