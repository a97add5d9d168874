import type { CollectionDiff, DiffReport, EntryDiff, FieldChange, Live } from './diff.ts'
import type { WordPart } from './word-diff.ts'

/** `cms diff` output: text for a terminal, markdown for a pull-request comment, json for tools. */
export function renderDiff(report: DiffReport, format: 'text' | 'markdown' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  return format === 'markdown' ? markdown(report) : text(report)
}

/** What a change does to the site, in a reviewer's words (the report's `live` codes stay for tools). */
export const LIVE_TEXT: Record<Live, string> = {
  'goes-live': 'goes live', 'goes-offline': 'taken off the site', 'live-update': 'changes the live site', 'draft-only': 'draft only, not on the site yet', none: 'no change on the site',
}
const MAX_ENTRIES = 200

function value(v: unknown, max = 80): string {
  if (v === undefined) return '(empty)'
  const s = JSON.stringify(v)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** "1 added, 2 changed · 1 goes live, 1 changes the live site · 1 schema change": zeros left out. */
function summaryLine(r: DiffReport): string {
  const s = r.summary
  const entries = [s.added && `${s.added} added`, s.changed && `${s.changed} changed`, s.removed && `${s.removed} removed`].filter(Boolean)
  const live = [
    s.goes_live && `${s.goes_live} go${s.goes_live === 1 ? 'es' : ''} live`,
    s.live_updates && `${count(s.live_updates, 'update')} to the live site`,
    s.goes_offline && `${s.goes_offline} taken off the site`,
    s.draft_only && `${s.draft_only} draft only`,
  ].filter(Boolean)
  const rest = [s.schema_changes && count(s.schema_changes, 'schema change'), s.webhook_changes && count(s.webhook_changes, 'webhook change')].filter(Boolean)
  return [entries.length ? `${count(s.added + s.changed + s.removed, 'entry', 'entries')}: ${entries.join(', ')}` : '', live.join(', '), ...rest].filter(Boolean).join(' · ')
}

const isEmptyReport = (r: DiffReport) => r.collections.length === 0 && r.project.length === 0 && r.webhooks.length === 0

// ---- text ---------------------------------------------------------------------------------

function text(r: DiffReport): string {
  const out: string[] = [`Content changes ${r.base.rev}..${r.head.rev} (${r.base.commit.slice(0, 7)}..${r.head.commit.slice(0, 7)})`]
  if (isEmptyReport(r)) return `${out[0]}\nNo content changes.\n`
  if (r.project.length > 0) {
    out.push('', 'Project')
    for (const c of r.project) out.push(`  ~ ${c.field}: ${value(c.before)} → ${value(c.after)}`)
  }
  for (const c of r.collections) {
    out.push('', `Collection ${c.name} (${c.slug})${c.status !== 'changed' ? ` [${c.status}]` : ''}${c.renamed_from ? ` [renamed from ${c.renamed_from}]` : ''}`)
    if (c.schema.length > 0) {
      out.push('  schema:')
      for (const s of c.schema) out.push(`    ${s.change === 'added' ? '+' : s.change === 'removed' ? '-' : '~'} ${s.field ? `field ${s.field}: ` : ''}${s.detail}`)
    }
    for (const e of c.entries.slice(0, MAX_ENTRIES)) {
      out.push(`  ${e.status === 'added' ? '+' : e.status === 'removed' ? '-' : '~'} "${e.title}" [${e.locale}] ${e.status} — ${LIVE_TEXT[e.live]}${e.events.length ? ` · ${e.events.join(', ')}` : ''}`)
      const liveSet = new Set(e.published.map((f) => f.field))
      for (const f of e.published) out.push(`      on the site: ${fieldText(f)}`)
      for (const f of e.draft) if (!liveSet.has(f.field) || e.published.length === 0) out.push(`      ${e.published.length ? 'in the draft: ' : ''}${fieldText(f)}`)
    }
    if (c.entries.length > MAX_ENTRIES) out.push(`  … and ${c.entries.length - MAX_ENTRIES} more entries`)
  }
  if (r.webhooks.length > 0) {
    out.push('', 'Webhooks')
    for (const w of r.webhooks) {
      out.push(`  ${w.status === 'added' ? '+' : w.status === 'removed' ? '-' : '~'} ${w.name} ${w.status}`)
      for (const c of w.changes) out.push(`      ${c.field}: ${value(c.before)} → ${value(c.after)}`)
    }
  }
  out.push('', `Summary: ${summaryLine(r)}`)
  return `${out.join('\n')}\n`
}

/** A field's readable text when the report has it (entries), else its value as JSON (project, webhooks). */
function sideText(f: FieldChange, side: 'before' | 'after', max = 80): string {
  const t = side === 'before' ? f.before_text : f.after_text
  if (t === undefined) return value(side === 'before' ? f.before : f.after, max)
  if (!t) return '(empty)'
  return t.length > max ? `${t.slice(0, max - 1)}…` : t
}

function fieldText(f: FieldChange): string {
  const name = f.label ?? f.field
  if (f.words) return `${name}: ${f.words.map((p) => (p.op === '=' ? p.text : p.op === '-' ? `[-${p.text}-]` : `{+${p.text}+}`)).join(' ')}`
  return `${name}: ${sideText(f, 'before')} → ${sideText(f, 'after')}`
}

// ---- markdown -----------------------------------------------------------------------------

const md = (s: string): string => s.replace(/([\\`*_[\]<>|#~])/g, '\\$1')
const code = (v: unknown): string => `\`${value(v, 60).replace(/`/g, "'")}\``

function markdown(r: DiffReport): string {
  const out: string[] = ['## Content changes', '', `\`${r.base.rev.replace(/`/g, "'")}\` (${r.base.commit.slice(0, 7)}) → \`${r.head.rev.replace(/`/g, "'")}\` (${r.head.commit.slice(0, 7)})`, '']
  if (isEmptyReport(r)) return `${out.join('\n')}No content changes.\n`
  out.push(`**${summaryLine(r)}**`, '')
  if (r.project.length > 0) {
    out.push('### Project', '')
    for (const c of r.project) out.push(`- \`${c.field}\`: ${code(c.before)} → ${code(c.after)}`)
    out.push('')
  }
  for (const c of r.collections) collectionMarkdown(c, out)
  if (r.webhooks.length > 0) {
    out.push('### Webhooks', '')
    for (const w of r.webhooks) {
      out.push(`- **${w.status}** ${md(w.name)}`)
      for (const c of w.changes) out.push(`  - \`${c.field}\`: ${code(c.before)} → ${code(c.after)}`)
    }
    out.push('')
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n')}\n`
}

function collectionMarkdown(c: CollectionDiff, out: string[]): void {
  out.push(`### ${md(c.name)} (\`${c.slug}\`)${c.status !== 'changed' ? ` — ${c.status}` : ''}${c.renamed_from ? ` — renamed from \`${c.renamed_from}\`` : ''}`, '')
  if (c.schema.length > 0) {
    out.push('**Schema**', '')
    for (const s of c.schema) out.push(`- ${s.change === 'added' ? '➕' : s.change === 'removed' ? '➖' : '✏️'} ${s.field ? `field \`${s.field}\`: ` : ''}${md(s.detail)}`)
    out.push('')
  }
  if (c.entries.length > 0) {
    out.push('| | Entry | Locale | On the site |', '|---|---|---|---|')
    for (const e of c.entries.slice(0, MAX_ENTRIES)) out.push(`| ${e.status === 'added' ? '➕ added' : e.status === 'removed' ? '➖ removed' : '✏️ changed'} | ${md(e.title)} | ${e.locale} | ${e.live === 'goes-live' || e.live === 'live-update' ? '**' : ''}${LIVE_TEXT[e.live]}${e.live === 'goes-live' || e.live === 'live-update' ? '**' : ''}${e.events.length ? ` · ${md(e.events.join(', '))}` : ''} |`)
    if (c.entries.length > MAX_ENTRIES) out.push(`| | … and ${c.entries.length - MAX_ENTRIES} more | | |`)
    out.push('')
    const detailed = c.entries.slice(0, MAX_ENTRIES).filter((e) => e.draft.length > 0 || e.published.length > 0)
    if (detailed.length > 0) {
      out.push(`<details><summary>Field changes (${detailed.length} entr${detailed.length === 1 ? 'y' : 'ies'})</summary>`, '')
      for (const e of detailed) entryMarkdown(e, out)
      out.push('</details>', '')
    }
  }
}

function entryMarkdown(e: EntryDiff, out: string[]): void {
  out.push(`**${md(e.title)}** (${e.locale}, ${LIVE_TEXT[e.live]})`, '')
  const liveSet = new Set(e.published.map((f) => f.field))
  for (const f of e.published) out.push(`- On the site: ${fieldMarkdown(f)}`)
  for (const f of e.draft) if (!liveSet.has(f.field) || e.published.length === 0) out.push(`- ${e.published.length ? 'In the draft: ' : ''}${fieldMarkdown(f)}`)
  out.push('')
}

function fieldMarkdown(f: FieldChange): string {
  if (f.label === undefined) {
    if (f.words) return `\`${f.field}\`: ${f.words.map(wordMarkdown).join(' ')}`
    return `\`${f.field}\`: ${code(f.before)} → ${code(f.after)}`
  }
  // An entry's field: its label and its values as text (titles, file names), never ids.
  const name = `**${md(f.label)}**`
  if (f.words) return `${name}: ${f.words.map(wordMarkdown).join(' ')}`
  const before = f.before_text ? md(sideText(f, 'before', 160)) : '_(empty)_'
  const after = f.after_text ? md(sideText(f, 'after', 160)) : '_(empty)_'
  return `${name}: ${before} → ${after}`
}

const wordMarkdown = (p: WordPart): string => (p.op === '=' ? md(p.text) : p.op === '-' ? `~~${md(p.text)}~~` : `**${md(p.text)}**`)
