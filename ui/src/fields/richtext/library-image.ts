import Image from '@tiptap/extension-image'
import { getProjectId } from '../../api.ts'

/** `/files/<uuid>/download` on this server: the address the API gives an asset (`url`). */
const LIBRARY_FILE = /^\/files\/[0-9a-f-]{36}\/download$/i

/**
 * Images as the stored HTML has them (`<img src alt>`, the asset's API address), shown in the
 * editor from the bytes fetched with the project header: an `<img src>` to the API cannot
 * send it, so the picture would show broken while writing.
 */
export const LibraryImage = Image.configure({ inline: false, allowBase64: false }).extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img')
      img.alt = String(node.attrs.alt ?? '')
      if (node.attrs.title) img.title = String(node.attrs.title)
      const src = String(node.attrs.src ?? '')
      let objectUrl: string | null = null
      let cancelled = false
      const url = new URL(src, location.href)
      if (url.origin === location.origin && LIBRARY_FILE.test(url.pathname)) {
        void fetch(url.pathname, { headers: { 'project-id': getProjectId() ?? '' }, credentials: 'same-origin' })
          .then(async (res) => (res.ok ? res.blob() : null))
          .then((blob) => {
            if (!blob || cancelled) return
            objectUrl = URL.createObjectURL(blob)
            img.src = objectUrl
          })
          .catch(() => undefined)
      } else {
        img.src = src
      }
      return {
        dom: img,
        destroy() {
          cancelled = true
          if (objectUrl) URL.revokeObjectURL(objectUrl)
        },
      }
    }
  },
})
