// Child process for removals.test.ts: removes the given entries of `articles` through the
// real store (built dist/), one at a time, printing "ack <uuid>" after each removal resolves.
// The test kills it with SIGKILL part-way.
import { ContentStore } from '../../../dist/storage/store.js'

const [dir, ...uuids] = process.argv.slice(2)
const store = await ContentStore.open(dir)
for (const uuid of uuids) {
  await store.removeEntry('articles', uuid, 'cli')
  process.stdout.write(`ack ${uuid}\n`)
}
process.stdout.write('done\n')
