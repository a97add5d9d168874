import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ADMIN_API, api } from '../../api.ts'
import type { Field } from '../../types.ts'

/** `GET /_admin/api/preview` (the preview address template and the origin the pane frames), `POST /_admin/api/preview-links` (one entry's address with its token). */
export type { PreviewConfig, PreviewLink } from '../../../../src/service/preview/preview-tokens.ts'
import type { PreviewConfig, PreviewLink } from '../../../../src/service/preview/preview-tokens.ts'

/** Whether the project has a preview address (refetched with the schema when project.yaml changes). */
export function usePreviewConfig(): PreviewConfig | undefined {
  return useQuery({
    queryKey: ['schema', 'preview'],
    queryFn: async () => (await api.get<PreviewConfig>(`${ADMIN_API}/preview`)).data,
    staleTime: 60_000,
  }).data
}

/** The entry's preview address (a token for that entry), fetched again a minute before it expires. */
export function usePreviewLink(enabled: boolean, collection: string, uuid: string | undefined): PreviewLink | undefined {
  return useQuery({
    queryKey: ['preview-link', collection, uuid],
    enabled: enabled && Boolean(uuid),
    queryFn: async () => (await api.post<PreviewLink>(`${ADMIN_API}/preview-links`, { collection, uuid })).data,
    staleTime: 50 * 60_000,
    refetchInterval: 50 * 60_000,
  }).data
}

/**
 * While the preview pane is open, saves the draft to the server as the person types: once no
 * key was pressed for `delayMs` (at most 300 ms, the preview's promise), one save at a time, and
 * again after it when the values moved on meanwhile (a second PATCH with the old ETag would be a
 * conflict with ourselves).
 */
export function usePreviewSave(active: boolean, values: unknown, dirty: boolean, save: () => Promise<void>, delayMs = 200): void {
  const state = useRef({ inFlight: false, again: false, dirty, save })
  state.current.dirty = dirty
  state.current.save = save
  useEffect(() => {
    if (!active || !dirty) return
    const s = state.current
    const fire = async (): Promise<void> => {
      if (s.inFlight) { s.again = true; return }
      if (!s.dirty) return
      s.inFlight = true
      try {
        await s.save()
      } finally {
        s.inFlight = false
      }
      if (s.again) {
        s.again = false
        // The values the person typed meanwhile: after the render that settled the save.
        setTimeout(() => void fire(), 0)
      }
    }
    const timer = setTimeout(() => void fire(), delayMs)
    return () => clearTimeout(timer)
  }, [active, values, dirty, delayMs])
}

/** Moves the focus to a field of the form by its name (the overlay's Edit button, `?field=`): its control, or the first one of a group. */
export function focusField(form: HTMLElement | null, fields: Field[], name: string): boolean {
  const field = fields.find((f) => f.name === name)
  if (!form || !field) return false
  for (const label of form.querySelectorAll<HTMLElement>('.field-label')) {
    if (label.textContent?.trim() !== field.label.trim()) continue
    const target = label instanceof HTMLLabelElement && label.htmlFor
      ? document.getElementById(label.htmlFor)
      : label.closest('fieldset')?.querySelector<HTMLElement>('input, textarea, select, [contenteditable="true"]')
    if (!target) continue
    target.scrollIntoView({ block: 'center' })
    target.focus()
    return true
  }
  return false
}
