/**
 * The admin API refuses a schema change that existing entries would break with a 422 whose
 * `errors` are keyed `entries.<uuid>`. Nothing has changed at that point, so the refusal is the
 * dry run: the screen lists the entries and lets the person apply the change with `force`.
 */
export interface Refusal {
  message: string
  entries: Array<{ uuid: string; problems: string[] }>
  /** Other 422 keys (bad name, bad type ...): shown under the form, no force offered. */
  fieldErrors: Record<string, string[]>
}

export function parseRefusal(body: unknown): Refusal | null {
  if (!body || typeof body !== 'object') return null
  const b = body as { message?: string; errors?: Record<string, string[]> }
  const entries: Refusal['entries'] = []
  const fieldErrors: Record<string, string[]> = {}
  for (const [key, problems] of Object.entries(b.errors ?? {})) {
    if (key.startsWith('entries.')) entries.push({ uuid: key.slice('entries.'.length), problems })
    else fieldErrors[key] = problems
  }
  return { message: b.message ?? 'The change was refused.', entries, fieldErrors }
}
