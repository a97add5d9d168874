import { parentPort, workerData } from 'node:worker_threads'
import { checkFiles, type TreeFile } from './check-files.ts'
import type { Collection } from '../core/types.ts'

/** Runs the per-file checks of `cms validate` for one share of the tree. */
const data = workerData as { files: TreeFile[]; collections: Collection[] }
parentPort!.postMessage(checkFiles(data.files, data.collections))
