import type { Values } from './values.ts'

/**
 * Unsaved form contents in localStorage, so a reload, a crash or a closed tab loses nothing.
 * One record per collection / entry (or `new`) / locale.
 */
export interface SavedDraft {
  v: 1
  values: Values
  /** The server values the edit started from, and their ETag: a restored edit still gets the conflict check. */
  base: Values
  etag: string | null
  savedAt: string
}

export function autosaveKey(project: string, collection: string, uuid: string | undefined, locale: string): string {
  return `cms-editor:v1:${project}:${collection}:${uuid ?? 'new'}:${locale}`
}

export function readAutosave(key: string): SavedDraft | null {
  try {
    const raw = localStorage.getItem(key)
    if (!raw) return null
    const d = JSON.parse(raw) as SavedDraft
    return d && d.v === 1 && d.values && typeof d.values === 'object' ? d : null
  } catch {
    return null
  }
}

export function writeAutosave(key: string, draft: Omit<SavedDraft, 'v' | 'savedAt'>): void {
  try {
    localStorage.setItem(key, JSON.stringify({ v: 1, savedAt: new Date().toISOString(), ...draft }))
  } catch {
    // Storage full or blocked: the unsaved-changes guard still protects the edit.
  }
}

export function clearAutosave(key: string): void {
  try { localStorage.removeItem(key) } catch { /* blocked storage */ }
}

/**
 * The form's one pending autosave. `forget` cancels a write still waiting on its delay before it
 * removes the record: after a save the old editor can stay mounted for a few frames (the route
 * change is a transition), and a write fired then would bring the saved values back as
 * "unsaved changes" on the next new form.
 */
export interface Autosaver {
  schedule(key: string, draft: () => Omit<SavedDraft, 'v' | 'savedAt'>): void
  cancel(): void
  forget(key: string): void
}

export function autosaver(delayMs = 250): Autosaver {
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancel = () => { clearTimeout(timer); timer = undefined }
  return {
    schedule(key, draft) {
      cancel()
      timer = setTimeout(() => { timer = undefined; writeAutosave(key, draft()) }, delayMs)
    },
    cancel,
    forget(key) { cancel(); clearAutosave(key) },
  }
}
