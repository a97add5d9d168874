import { AssetThumb } from '../../components/AssetThumb.tsx'
import { assetSummary, type LibraryAsset } from './mediaApi.ts'

export function AssetCard({ asset, onOpen }: { asset: LibraryAsset; onOpen(): void }) {
  return (
    <li className="asset-card" data-asset={asset.uuid}>
      <button type="button" className="asset-open" onClick={onOpen}>
        <span className="asset-thumb-box"><AssetThumb asset={asset} /></span>
        <span className="asset-info">
          <span className="asset-name" title={asset.filename}>{asset.filename}</span>
          <span className="asset-meta">{assetSummary(asset)}</span>
        </span>
      </button>
    </li>
  )
}
