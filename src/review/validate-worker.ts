import { parentPort } from 'node:worker_threads'
import type { Collection } from '../core/types.ts'
import { checkShare, type BulkShare } from './bulk.ts'

/** Walks and checks one share of the entries and versions for `cms validate`; started early, it waits for the share. */
parentPort!.once('message', (data: { root: string; share: BulkShare; collections: Collection[] }) => {
  parentPort!.postMessage(checkShare(data.root, data.share, data.collections))
})
