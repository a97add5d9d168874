/** How values read in lists and notices. */

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

export function formatWhen(iso: string): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso
  const seconds = Math.round((t - Date.now()) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 60) return relative.format(seconds, 'second')
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute')
  if (abs < 86400) return relative.format(Math.round(seconds / 3600), 'hour')
  if (abs < 86400 * 7) return relative.format(Math.round(seconds / 86400), 'day')
  return new Date(t).toLocaleDateString()
}

/** A short text for any field value as the API reads it (lists, diffs). */
export function summarize(value: unknown, max = 80): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'string') return clip(stripTags(value), max)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return clip(value.map((v) => summarize(v, max)).filter(Boolean).join(', '), max)
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    if ('start' in o && 'end' in o) return `${o.start} – ${o.end}`
    if (typeof o.original_filename === 'string') return o.original_filename
    if (o.fields && typeof o.fields === 'object') {
      const f = o.fields as Record<string, unknown>
      const first = Object.values(f).find((v) => typeof v === 'string' && v)
      return clip(String(first ?? o.uuid ?? ''), max)
    }
    return clip(JSON.stringify(value), max)
  }
  return clip(String(value), max)
}

function stripTags(s: string): string {
  return s.includes('<') ? s.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : s
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}
