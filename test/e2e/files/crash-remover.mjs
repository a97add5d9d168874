// Child process for removals.test.ts: removes the given entries of `articles` through the
// real store (built dist/), one at a time, printing "ack <uuid>" after each removal resolves.
// With CRASH_AFTER=n it SIGKILLs itself part-way through removal n+1 (after 0-3 ms of it): the
// kill lands inside a removal however busy the machine is (a parent reading the acks from a
// pipe saw them late under load, and all removals had finished before its kill).
import { ContentStore } from '../../../dist/storage/store.js'

const [dir, ...uuids] = process.argv.slice(2)
const crashAfter = process.env.CRASH_AFTER === undefined ? Infinity : Number(process.env.CRASH_AFTER)
const store = await ContentStore.open(dir)
for (const [i, uuid] of uuids.entries()) {
  if (i === crashAfter) setTimeout(() => process.kill(process.pid, 'SIGKILL'), Math.floor(Math.random() * 4))
  await store.removeEntry('articles', uuid, 'cli')
  process.stdout.write(`ack ${uuid}\n`)
}
process.stdout.write('done\n')
