import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { defineRoutes } from '../http/route.ts'
import type { CmsApp } from '../http/cms-app.ts'
import { readJsonBody } from '../http/body.ts'
import { decodeParam } from '../http/route-param.ts'
import { jsonText as json } from '../http/json-text.ts'
import { createEntry, deleteEntry, discardDraft, publishEntry, restoreEntry, unpublishEntry, updateEntry } from '../../service/entries/write.ts'
import { getEntryVersion, labelEntryVersion, listEntryVersions, revertEntryVersion } from '../../service/entries/versions.ts'
import { linkTranslation } from '../../service/entries/translations.ts'
import { bulkCreate, bulkDelete, bulkUpdate } from '../../service/entries/bulk.ts'
import { entryWriteOptions } from './entry-write-options.ts'

/** Every way content changes over HTTP, plus version history: thin adapters over src/service/. */
export function registerEntryWriteRoutes(app: CmsApp, ctx: AppContext): void {
  const c = (e: H3Event) => decodeParam(e, 'collection')
  const u = (e: H3Event) => decodeParam(e, 'uuid')
  const n = (e: H3Event) => decodeParam(e, 'n')
  const body = (e: H3Event) => readJsonBody(e, ctx)
  const optionalBody = (e: H3Event) => readJsonBody(e, ctx, { optional: true })
  // If-Match in, ETag of the entry as written out.
  const w = entryWriteOptions
  defineRoutes(app, ctx, [
    { method: 'POST', input: 'BulkCreateInput', answer: 'BulkWritten', path: '/bulk/:collection/entries', status: 201, ability: 'create', summary: 'Create entries in bulk, all-or-nothing (`{items: [{data, state?, locale?}]}`)',
      handler: async (e) => json(e, await bulkCreate(ctx, c(e), await body(e)), 201) },
    { method: 'PATCH', input: 'BulkUpdateInput', answer: 'BulkWritten', path: '/bulk/:collection/entries', ability: 'update', summary: 'Update entries in bulk (`{items: [{uuid, data, state?, locale?}]}`)',
      handler: async (e) => json(e, await bulkUpdate(ctx, c(e), await body(e))) },
    { method: 'DELETE', input: 'BulkDeleteInput', answer: 'BulkDeleted', path: '/bulk/:collection/entries', ability: 'delete', summary: 'Delete entries in bulk (`{uuids, force?}`)',
      handler: async (e) => json(e, await bulkDelete(ctx, c(e), await body(e))) },
    { input: 'EntryWriteInput', answer: 'Entry', method: 'POST', path: '/:collection', status: 201, ability: 'create', summary: 'Create an entry (`{data, state?, locale?}`) → 201 `{data}`',
      handler: async (e) => json(e, await createEntry(ctx, c(e), await body(e), w(e)), 201) },
    { input: 'EntryWriteInput', answer: 'Entry', method: 'PUT', path: '/:collection/:uuid', ability: 'update', summary: 'Replace the draft of an entry (`state: published` also publishes)',
      handler: async (e) => json(e, await updateEntry(ctx, c(e), u(e), await body(e), 'replace', w(e))) },
    { input: 'EntryWriteInput', answer: 'Entry', method: 'PATCH', path: '/:collection/:uuid', ability: 'update', summary: 'Merge fields into the draft of an entry',
      handler: async (e) => json(e, await updateEntry(ctx, c(e), u(e), await body(e), 'patch', w(e))) },
    { input: 'ForceInput', optionalBody: true, answer: 'Done', method: 'DELETE', path: '/:collection/:uuid', ability: 'delete', summary: 'Move an entry to the trash; `?force=1` deletes it and its versions',
      handler: async (e) => {
        const b = await optionalBody(e)
        const force = truthy(e.url.searchParams.get('force')) || truthy(b.force)
        return json(e, await deleteEntry(ctx, c(e), u(e), { force, ...w(e) }))
      } },
    { method: 'POST', answer: 'EntryRestored', path: '/:collection/:uuid/restore', ability: 'delete', summary: 'Restore an entry from the trash',
      handler: async (e) => json(e, await restoreEntry(ctx, c(e), u(e), w(e))) },
    { method: 'POST', answer: 'EntryPublished', path: '/:collection/:uuid/publish', ability: 'update', summary: 'Publish the draft as the next version',
      handler: async (e) => json(e, await publishEntry(ctx, c(e), u(e), w(e))) },
    { method: 'POST', answer: 'Done', path: '/:collection/:uuid/unpublish', ability: 'update', summary: 'Unpublish (versions are kept)',
      handler: async (e) => json(e, await unpublishEntry(ctx, c(e), u(e), w(e))) },
    { method: 'POST', answer: 'EntryDiscarded', path: '/:collection/:uuid/discard-draft', ability: 'update', summary: 'Reset the draft to the published snapshot',
      handler: async (e) => json(e, await discardDraft(ctx, c(e), u(e), w(e))) },
    { method: 'POST', input: 'LinkTranslationInput', answer: 'TranslationLinked', path: '/:collection/:uuid/link-translation', ability: 'update', summary: 'Link a translation (`{translation_entry_uuid}`)',
      handler: async (e) => json(e, await linkTranslation(ctx, c(e), u(e), await body(e))) },
    { answer: 'EntryVersions', method: 'GET', path: '/:collection/:uuid/versions', ability: 'read', token: 'always', summary: 'Versions of an entry, newest first',
      handler: async (e) => json(e, await listEntryVersions(ctx, c(e), u(e))) },
    { answer: 'EntryVersion', method: 'GET', path: '/:collection/:uuid/versions/:n', ability: 'read', token: 'always', summary: 'One version with its snapshot',
      handler: async (e) => json(e, await getEntryVersion(ctx, c(e), u(e), n(e))) },
    { input: 'VersionLabelInput', answer: 'EntryVersionLabelled', method: 'PATCH', path: '/:collection/:uuid/versions/:n', ability: 'update', summary: 'Label or describe a version (`{label?, description?}`)',
      handler: async (e) => json(e, await labelEntryVersion(ctx, c(e), u(e), n(e), await body(e))) },
    { method: 'POST', answer: 'EntryVersionReverted', path: '/:collection/:uuid/versions/:n/revert', ability: 'update', summary: 'Revert to version N (published as a new version)',
      handler: async (e) => json(e, await revertEntryVersion(ctx, c(e), u(e), n(e), w(e))) },
  ])
}


const truthy = (v: unknown): boolean => v === true || v === 1 || (typeof v === 'string' && /^(1|true|yes)$/i.test(v))
