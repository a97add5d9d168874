import type { AssetRecord } from '../../core/types.ts'
import { checkedInput, loadSharp, mediaLimits } from './derivatives.ts'

/**
 * What an upload's image tells at once (docs/media.md): its oriented width and height and a
 * placeholder (a 16 px WebP as a data URL, a few hundred bytes) for layout without shift. An
 * image over the pixel limit, damaged or unreadable keeps its header's size (if any) and no
 * placeholder: the upload is still taken as it is.
 */
export async function readImage(path: string): Promise<{ width: number | null; height: number | null; placeholder: string | null }> {
  const limits = mediaLimits(process.env)
  let input: Awaited<ReturnType<typeof checkedInput>>
  try {
    // Only the first frame is decoded: the frame count does not limit it.
    input = await checkedInput(path, { ...limits, maxFrames: Number.POSITIVE_INFINITY })
  } catch {
    return { width: null, height: null, placeholder: null }
  }
  const swapped = input.orientation >= 5
  const width = swapped ? input.height : input.width
  const height = swapped ? input.width : input.height
  try {
    const sharp = await loadSharp()
    const tiny = await sharp(path, { limitInputPixels: limits.maxInputPixels, failOn: 'error' })
      .timeout({ seconds: 20 })
      .rotate()
      .resize(16, 16, { fit: 'inside' })
      .webp({ quality: 40, effort: 2 })
      .toBuffer()
    return { width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` }
  } catch {
    return { width, height, placeholder: null }
  }
}

type Focal = Pick<AssetRecord, 'focal_x' | 'focal_y'>

/** The focal point keys of a record: both, or none (a point given by one coordinate gets the centre for the other). */
export function focalOf(f: Focal): Focal {
  const x = f.focal_x ?? null
  const y = f.focal_y ?? null
  if (x === null && y === null) return {}
  return { focal_x: x ?? 0.5, focal_y: y ?? 0.5 }
}

/** The focal keys a metadata patch sets (`null` included: it takes the point away). */
export function pickFocal(patch: Focal): Focal {
  const out: Focal = {}
  if (patch.focal_x !== undefined) out.focal_x = patch.focal_x
  if (patch.focal_y !== undefined) out.focal_y = patch.focal_y
  return out
}

export function withoutFocal(asset: AssetRecord): AssetRecord {
  const { focal_x: _x, focal_y: _y, ...rest } = asset
  return rest
}
