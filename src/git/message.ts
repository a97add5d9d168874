import type { StoreChange } from '../storage/content-index.ts'
import type { Collection } from '../core/types.ts'
import { titleField } from '../schema/title-field.ts'

/** One thing a write did, as a commit message names it: `publish articles "Hello world" (en, v3)`. */
export interface Action {
  verb: string
  what: string
  detail?: string
  /** Collection slug for entry actions, so a burst of creates reads `create 50 articles entries`. */
  collection?: string
}

/** The action a store change stands for, or null when it is not worth naming. */
export function actionOf(change: StoreChange, collection: (slug: string) => Collection | undefined): Action | null {
  switch (change.kind) {
    case 'entry': {
      const { before, after } = change
      const any = after ?? before
      if (!any) return null
      const c = collection(change.slug)
      const key = c ? titleField(c) : null
      const raw = key ? (any.published?.[key] ?? any.fields[key]) : undefined
      const title = typeof raw === 'string' && raw.trim() ? clip(raw.trim(), 60) : any.uuid.slice(0, 8)
      const base = { what: `${change.slug} "${title}"`, collection: change.slug }
      if (!before) return { ...base, verb: 'create', detail: any.locale }
      if (!after) return { ...base, verb: 'delete', detail: any.locale }
      if (!before.deleted_at && after.deleted_at) return { ...base, verb: 'trash', detail: any.locale }
      if (before.deleted_at && !after.deleted_at) return { ...base, verb: 'restore', detail: any.locale }
      if (after.published && (!before.published || before.published_version !== after.published_version)) {
        return { ...base, verb: 'publish', detail: `${any.locale}${after.published_version ? `, v${after.published_version}` : ''}` }
      }
      if (before.published && !after.published) return { ...base, verb: 'unpublish', detail: any.locale }
      return { ...base, verb: 'update', detail: any.locale }
    }
    case 'collection':
      return { verb: !change.before ? 'create' : !change.after ? 'delete' : 'update', what: `collection ${change.slug}` }
    case 'project':
      return { verb: 'update', what: 'project settings' }
    case 'tokens':
      return { verb: 'update', what: 'API tokens' }
    case 'webhook': {
      const w = change.after ?? change.before
      return { verb: !change.before ? 'create' : !change.after ? 'delete' : 'update', what: `webhook "${clip(w?.name ?? change.uuid, 60)}"` }
    }
    case 'asset': {
      const a = change.after ?? change.before
      return { verb: !change.before ? 'upload' : !change.after ? 'delete' : 'update', what: `asset "${clip(a?.filename ?? change.uuid, 60)}"` }
    }
  }
}

const clip = (s: string, max: number): string => oneLine(s.length > max ? `${s.slice(0, max - 1)}…` : s)

/** A title or name on one line: line breaks and other control characters become spaces. */
const oneLine = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')

/**
 * Text fit for a commit message: git refuses a NUL byte (the whole commit fails) and other
 * control characters garble `git log`; line breaks and tabs stay. Every message we hand to git
 * passes here: generated ones (titles come from content) and the caller's own.
 */
export function cleanMessage(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').replace(/[\u2028\u2029]/g, '\n')
}

/** An author name git accepts: one line, no control characters and no `<`/`>` (they delimit the address). */
export function cleanAuthorName(name: string): string {
  return oneLine(name).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim() || 'cms'
}

const actionText = (a: Action): string => `${a.verb} ${a.what}${a.detail ? ` (${a.detail})` : ''}`

/** One line for a batch of actions. */
function summarize(actions: Action[], files: number): string {
  if (actions.length === 0) return `update ${files} file${files === 1 ? '' : 's'}`
  if (actions.length === 1) return actionText(actions[0]!)
  const first = actions[0]!
  if (first.collection && actions.every((a) => a.verb === first.verb && a.collection === first.collection)) {
    return `${first.verb} ${actions.length} ${first.collection} entries`
  }
  return `${actionText(first)} and ${actions.length - 1} more change${actions.length === 2 ? '' : 's'}`
}

/**
 * Fills a message template: `{summary}` (one line), `{details}` (one line per action when
 * there is more than one), `{author}`, `{files}` (how many files). Runs of blank lines left by
 * an empty placeholder are squeezed, so the default reads well for a single write.
 */
export function renderMessage(template: string, values: { actions: Action[]; files: number; author: string }): string {
  const details = values.actions.length > 1 ? values.actions.slice(0, 200).map((a) => `- ${actionText(a)}`).join('\n') + (values.actions.length > 200 ? `\n- … and ${values.actions.length - 200} more` : '') : ''
  const text = template.replace(/\{(summary|details|author|files)\}/g, (_, name: string) =>
    name === 'summary' ? summarize(values.actions, values.files) : name === 'details' ? details : name === 'author' ? oneLine(values.author) : String(values.files))
  return `${cleanMessage(text).replace(/\n{3,}/g, '\n\n').trim()}\n`
}

/** `Jane Doe` → `jane-doe@<domain>`: an address that names the person without pretending to be theirs. */
export function authorEmail(name: string, domain: string): string {
  const local = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'cms'
  return `${local}@${domain}`
}
