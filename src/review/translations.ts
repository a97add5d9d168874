import { stat } from 'node:fs/promises'
import { ContentStore } from '../storage/store.ts'
import { translationGaps, type TranslationGaps } from '../query/translation-gaps.ts'

/**
 * `cms validate --translations`: the missing translations of a content tree, offline (no
 * server, never writes), as `GET /_translations` reports them (query/translation-gaps.ts).
 * Published content by default; `draft: true` counts drafts as present.
 */
export async function translationReport(root: string, options: { draft?: boolean } = {}): Promise<TranslationGaps> {
  const info = await stat(root).catch(() => null)
  if (!info?.isDirectory()) throw Object.assign(new Error(`No content directory at ${root}`), { cannotRun: true })
  // Files with problems are `cms validate`'s to report: here they are left out quietly.
  const store = await ContentStore.open(root, { indexCache: false, onProblem: () => {} })
  const { project } = store
  return translationGaps({
    locales: project.locales, defaultLocale: project.default_locale, state: options.draft ? 'draft' : 'published',
    collections: store.sortedCollections().map((c) => ({ collection: c, entries: store.collection(c.slug)!.entries.values() })),
  })
}

/** The report as text (people), json (`{missing, empty}`, scripts) or github (workflow annotations). */
export function formatTranslationReport(report: TranslationGaps, format: 'text' | 'json' | 'github'): string {
  if (format === 'json') return `${JSON.stringify({ missing: report.missing, empty: report.empty }, null, 2)}\n`
  const lines: string[] = []
  for (const m of report.missing) {
    const what = `${m.collection}: missing in ${m.locale}: translation of ${m.source_uuid}${m.translation_group ? ` (group ${m.translation_group})` : ''}`
    lines.push(format === 'github' ? `::warning title=${escapeProperty('cms validate (translations)')}::${escapeData(what)}` : what)
  }
  for (const e of report.empty) {
    const what = `${e.collection}: ${e.uuid} (${e.locale}): field "${e.field}" is empty where ${e.source_uuid} has text`
    lines.push(format === 'github' ? `::warning title=${escapeProperty('cms validate (translations)')}::${escapeData(what)}` : what)
  }
  const n = report.missing.length + report.empty.length
  lines.push(n === 0 ? '✓ every translation is there' : `✗ ${report.missing.length} missing translation${report.missing.length === 1 ? '' : 's'}, ${report.empty.length} empty field${report.empty.length === 1 ? '' : 's'}`)
  return `${lines.join('\n')}\n`
}

const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
