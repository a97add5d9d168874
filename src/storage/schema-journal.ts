import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Collection, Field } from '../core/types.ts'
import { removeFile, writeFileAtomic } from './atomic.ts'

/**
 * The schema-change journal (`.cms/schema-journal.json`): a change that rewrites many files
 * (a collection's new slug, a field renamed, retyped or removed, a locale removed with its
 * entries, a collection deleted with its entries and versions) is written here, durably,
 * before its first file changes and removed after its last. A process killed in between
 * leaves the journal behind, and the next process that opens the tree as its writer
 * finishes the change from it (`resumeSchemaChange`), so a crash never leaves half of one.
 */
export type SchemaChange = (
  | { op: 'rename-collection'; from: string; to: string; collection: Collection }
  | { op: 'rewrite-entries'; slug: string; collection: Collection; change: FieldChange }
  | { op: 'remove-locale'; locale: string }
  | { op: 'remove-collection'; slug: string }
) & {
  started_at: string
  /** The process making the change: while it lives, no other process may take the change over. */
  pid?: number
}

/** What happens to one field's stored values in every entry of a collection. */
export interface FieldChange {
  /** The group the field is a child of, or null at the top level. */
  parent: string | null
  /** The field's name in the stored values before the change. */
  name: string
  /** The new name the values move to. */
  rename?: string
  /** Drop every value of the field (field removed). */
  remove?: boolean
  /** The field's new definition: values that do not fit its type are dropped. */
  retype?: Field
}

export const schemaJournalPath = (stateDir: string): string => join(stateDir, 'schema-journal.json')

export async function writeSchemaJournal(stateDir: string, change: SchemaChange): Promise<void> {
  await writeFileAtomic(schemaJournalPath(stateDir), `${JSON.stringify(change, null, 2)}\n`)
}

/** The change left by an interrupted process, or null. A journal that does not parse is an error: it is never guessed at. */
export async function readSchemaJournal(stateDir: string): Promise<SchemaChange | null> {
  let text: string
  try {
    text = await readFile(schemaJournalPath(stateDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  const value = JSON.parse(text) as SchemaChange
  if (!['rename-collection', 'rewrite-entries', 'remove-locale', 'remove-collection'].includes(value.op)) throw new Error(`${schemaJournalPath(stateDir)}: unknown schema change "${String((value as { op?: unknown }).op)}"`)
  return value
}

export async function clearSchemaJournal(stateDir: string): Promise<void> {
  await removeFile(schemaJournalPath(stateDir))
}
