import type { ChangedFile, EntryDiff, FieldChange, GitStatus, SchemaChange, Selection } from './gitApi.ts'

/**
 * One selectable change on the Changes screen: an entry (its file and version files, chosen by
 * uuid) or another file (schema, project settings, media, webhooks, chosen by path), with the
 * report's per-field detail attached where the report has it.
 */
export type ChangeItem =
  | { kind: 'entry'; key: string; uuid: string; collection: string; collectionName: string; entry: EntryDiff | null; files: ChangedFile[] }
  | { kind: 'file'; key: string; file: ChangedFile; label: string; fields: FieldChange[]; schema: SchemaChange[] }

export function changeItems(status: GitStatus): ChangeItem[] {
  const entries = new Map<string, { entry: EntryDiff; collectionName: string }>()
  const collections = new Map(status.report.collections.map((c) => [c.slug, c]))
  for (const c of status.report.collections) for (const e of c.entries) entries.set(e.uuid, { entry: e, collectionName: c.name })
  const items: ChangeItem[] = []
  const byEntry = new Map<string, Extract<ChangeItem, { kind: 'entry' }>>()
  for (const f of status.files) {
    if (f.entry) {
      let item = byEntry.get(f.entry)
      if (!item) {
        const found = entries.get(f.entry)
        const slug = f.collection ?? ''
        item = { kind: 'entry', key: `entry:${f.entry}`, uuid: f.entry, collection: slug, collectionName: found?.collectionName ?? collections.get(slug)?.name ?? slug, entry: found?.entry ?? null, files: [] }
        byEntry.set(f.entry, item)
        items.push(item)
      }
      item.files.push(f)
      continue
    }
    const collection = /^collections\/([^/]+)\.yaml$/.exec(f.path)?.[1]
    const schema = collection ? collections.get(collection)?.schema ?? [] : []
    items.push({ kind: 'file', key: `file:${f.path}`, file: f, label: fileLabel(f.path, collection ? collections.get(collection)?.name : undefined), fields: f.path === 'project.yaml' ? status.report.project : [], schema })
  }
  return items
}

function fileLabel(path: string, collectionName: string | undefined): string {
  if (path === 'project.yaml') return 'Project settings'
  if (path === 'tokens.yaml') return 'API tokens'
  const collection = /^collections\/([^/]+)\.yaml$/.exec(path)?.[1]
  if (collection) return `Schema of ${collectionName ?? collection}`
  if (/^assets\/[^/]+\.yaml$/.test(path)) return 'Media details'
  if (/^assets\/[^/]+\/[^/]+$/.test(path)) return `Media file ${path.split('/').pop()}`
  if (path.startsWith('webhooks/')) return 'Webhook'
  return 'File'
}

/** The request body naming these items. */
export function selectionOf(items: ChangeItem[]): Selection {
  return {
    entries: items.filter((i) => i.kind === 'entry').map((i) => (i as Extract<ChangeItem, { kind: 'entry' }>).uuid),
    files: items.filter((i) => i.kind === 'file').map((i) => (i as Extract<ChangeItem, { kind: 'file' }>).file.path),
  }
}

/** Title shown for an item (an entry's title, or what the file is). */
export function itemTitle(item: ChangeItem): string {
  if (item.kind === 'file') return item.label
  return item.entry?.title || `Entry ${item.uuid.slice(0, 8)}`
}

/** added / changed / removed, in the editor's words. */
export function itemKind(item: ChangeItem): 'added' | 'changed' | 'removed' {
  if (item.kind === 'entry') {
    if (item.entry) return item.entry.status
    const main = item.files.find((f) => f.path.startsWith('entries/'))
    return main?.status === 'added' ? 'added' : main?.status === 'deleted' ? 'removed' : 'changed'
  }
  return item.file.status === 'added' ? 'added' : item.file.status === 'deleted' ? 'removed' : 'changed'
}

/** How many changes the screen lists (an entry with its version files counts once), for the navigation's badge. */
export function countChanges(files: ChangedFile[]): number {
  const entries = new Set<string>()
  let other = 0
  for (const f of files) if (f.entry) entries.add(f.entry); else other++
  return entries.size + other
}
