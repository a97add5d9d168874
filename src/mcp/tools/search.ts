import { z } from 'zod'
import { ok, run } from '../call.ts'
import { defineTool, type ToolScope } from './define.ts'
import type { Answers } from '../../server/http/answers.ts'

type Hit = Answers['Search']['data'][number]

/** `search`: full-text search across collections, `GET /_search` (docs/search.md). */
export function registerSearchTool(scope: ToolScope): void {
  defineTool(scope, 'search', {
    title: 'Search entries',
    kind: 'read',
    description: [
      'Full-text search across collections (or those named), best first: answers {data: [{collection, uuid, locale, score, title}]}.',
      'Words match by stem in each locale\'s language ("running" finds "run"), the last word as a prefix, with a small typo tolerance.',
      'Read a hit with get_entry (collection, uuid). To search one collection with filters, use list_entries with where instead.',
    ].join(' '),
    input: {
      q: z.string().trim().min(1).max(200).describe('The words to look for, e.g. "harbour fog"'),
      locale: z.string().min(1).optional().describe('Only entries of this locale, e.g. "de" (default: every locale, each with its own stemmer)'),
      collections: z.array(z.string().min(1)).min(1).optional().describe('Only these collection slugs, e.g. ["articles"]'),
      limit: z.number().int().min(1).max(100).optional().describe('At most this many hits (default 20)'),
      state: z.enum(['published', 'draft']).optional().describe('published (default): published entries; draft: drafts too, with their draft values'),
    },
  }, async ({ q, locale, collections, limit, state }) => {
    const query = new URLSearchParams({ q })
    if (locale) query.set('locale', locale)
    if (collections) query.set('collections', collections.join(','))
    if (limit !== undefined) query.set('limit', String(limit))
    if (state) query.set('state', state)
    const result = await run<{ data: Hit[] }>(scope.target, { method: 'GET', path: `/_search?${query}` })
    const first = result.data[0]
    const summary = first
      ? `${result.data.length} hit(s) for "${q}"; best: "${first.title}" (${first.collection} ${first.uuid}, ${first.locale}).`
      : `Nothing found for "${q}".`
    return ok(summary, result)
  })
}
