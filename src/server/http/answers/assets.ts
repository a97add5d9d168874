import type { AssetJson, Page } from '../../../core/types.ts'
import type { MailOutbox } from '../../../end-users/admin.ts'
import type { AssetDeleted, AssetMetadataInput, BulkMetadataInput } from '../../../service/assets/manage.ts'
import type { AssetBatch } from '../../../service/assets/view.ts'
import type { AssetUsage, Overview } from '../../../service/project/overview.ts'

/** What the asset routes (`/files`) and the editor's home, outbox and asset-usage routes answer. */
export interface AssetAnswers {
  /** An asset: the hosted service's shape (`uuid`, `filename`, `mime_type`, `size`, `url`, `metadata`, ...) plus `bytes`, `sha256`, `extension` and timestamps. */
  Asset: AssetJson
  /** Assets, newest first, a page at a time. */
  AssetList: Page<AssetJson>
  /** Several assets uploaded or edited by one request, with a message. */
  AssetBatch: AssetBatch
  /** An asset trashed, or deleted for good with `force`. */
  AssetDeleted: AssetDeleted
  /** The entries whose media fields hold an asset (draft or published values). */
  AssetUsage: AssetUsage
  /** The editor's home screen: counts per collection, recent changes, files that do not read. */
  Overview: Overview
  /** Project auth's local outbox, newest first, and whether project auth is on. */
  MailOutbox: MailOutbox
}

/** What the asset routes take as a JSON body. */
export interface AssetInputs {
  /** An asset's metadata to change (any subset; null clears a field), as the fields themselves or under `metadata`. */
  AssetMetadataInput: AssetMetadataInput
  /** The metadata of several assets to change, all or nothing. */
  BulkMetadataInput: BulkMetadataInput
}
