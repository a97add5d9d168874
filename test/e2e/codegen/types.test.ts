import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProject, type TempProject } from '../../helpers/project.ts'
import { cms } from '../../helpers/cli.ts'
import { generateTypes } from '../../../src/codegen/types.ts'
import { ContentStore } from '../../../src/storage/store.ts'
import { richTemplate } from './fixture.ts'

const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url))

/** A site-build file using the generated types; every @ts-expect-error must really be an error (tsc reports unused ones). */
const SAMPLE = `
import type { Collections, CollectionFields, Where, Paginated, Count, ArticlesEntry, EventsFields } from './cms-types.ts'

type Article = Collections['articles']
export function title(a: Article): string { return a.fields.title ?? '' }
export function minutes(a: ArticlesEntry): number { return a.fields.reading_minutes ?? 0 }
export function tags(a: Article): string[] { return a.fields.tags ?? [] }
export function authorName(a: Article): string | null {
  const author = a.fields.author
  return author && 'fields' in author ? author.fields.name : null
}
export function kinds(e: EventsFields): Array<'talk' | 'walk' | 'meal'> { return e.kind ?? [] }
export function poster(e: EventsFields): string | undefined { return e.poster?.url }
export function firstSlot(e: EventsFields): string | null { return e.schedule?.[0]?.what ?? null }
export function spanStart(e: EventsFields): string | null { return e.span?.start ?? null }
export const page: Paginated<Article> | null = null
export const count: Count = { count: 1 }

export const ok: Where<CollectionFields['articles']> = {
  title: { like: 'fog%' },
  reading_minutes: { gte: 3, lt: 10 },
  published_date: { between: ['2025-01-01', '2025-12-31'] },
  featured: true,
  author: { name: { like: 'Maren%' } },
  categories: { in: ['a', 'b'] },
  or: [{ slug: 'morning-fog' }, { title: { not_like: '%mackerel%' } }],
  uuid: { not_null: true },
}
export const events: Where<EventsFields> = { starts: { gt: '2025-01-01T00:00:00Z' }, capacity: { between: [1, 50] }, kind: { in: ['talk'] } }

// @ts-expect-error: a wrong field name
export const wrongName: Where<CollectionFields['articles']> = { titel: 'x' }
// @ts-expect-error: a string given to a number field
export const stringToNumber: Where<CollectionFields['articles']> = { reading_minutes: { gt: 'three' } }
// @ts-expect-error: like is not valid on a number field
export const likeOnNumber: Where<CollectionFields['articles']> = { reading_minutes: { like: '3%' } }
// @ts-expect-error: ranges are not valid on text
export const rangeOnText: Where<CollectionFields['articles']> = { title: { gt: 'a' } }
// @ts-expect-error: like is not valid on a date
export const likeOnDate: Where<EventsFields> = { starts: { like: '2025%' } }
// @ts-expect-error: json fields cannot be filtered
export const onJson: Where<EventsFields> = { extra: { eq: 'x' } }
// @ts-expect-error: hidden and password fields are not in the output
export function hidden(e: EventsFields): unknown { return e.secret ?? e.hidden_note }
// @ts-expect-error: a string is not a number field's value
export const wrongValue: CollectionFields['articles']['reading_minutes'] = 'four'
// @ts-expect-error: not a collection
export type Nope = Collections['nope']
`

describe('cms types', () => {
  let project: TempProject
  let types: string
  beforeAll(async () => {
    project = await makeProject(await richTemplate())
    const store = await ContentStore.open(project.contentDir, { stateDir: project.stateDir })
    types = generateTypes(store.sortedCollections())
  })
  afterAll(() => project.cleanup())

  it('compiles with tsc against a site-build file, and the expected errors are errors', async () => {
    await writeFile(join(project.dir, 'cms-types.ts'), types)
    await writeFile(join(project.dir, 'site.ts'), SAMPLE)
    // Without the expectations, each line is a real error (tsc would otherwise flag the unused ones in site.ts).
    // One program for both files: tsc reports each error under its file, and starts once.
    await writeFile(join(project.dir, 'unmarked.ts'), SAMPLE.replace(/\/\/ @ts-expect-error.*\n/g, ''))
    await writeFile(join(project.dir, 'tsconfig.json'), JSON.stringify({
      // No DOM and no @types: the generated file stands on the language alone. skipLibCheck, as a site
      // build has it: TypeScript's own lib files are not what is under test (2.3 → 0.5 s of tsc).
      compilerOptions: { strict: true, noEmit: true, noUnusedLocals: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022'], skipLibCheck: true, allowImportingTsExtensions: true, types: [], exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true },
      files: ['site.ts', 'unmarked.ts'],
    }))
    const out = await promisify(execFile)(process.execPath, [TSC, '-p', join(project.dir, 'tsconfig.json')]).then(() => '', (e: { stdout: string }) => e.stdout)
    const errors = out.split('\n').filter((line) => /error TS\d+/.test(line))
    expect(errors.filter((line) => !/(^|\/)unmarked\.ts\(/.test(line)), out).toEqual([])
    expect(errors.length).toBeGreaterThanOrEqual(9)
  }, 60_000)

  it('describes the API shape: nullable fields, literal unions, relations, media, groups; no hidden fields', () => {
    expect(types).toContain('export interface ArticlesFields {')
    expect(types).toContain('  reading_minutes: number | null')
    expect(types).toContain('  author: Related<AuthorsRelatedFields> | null')
    expect(types).toContain('  categories: Array<Related<CategoriesRelatedFields>> | null')
    expect(types).toContain('  kind: Array<"talk" | "walk" | "meal"> | null')
    expect(types).toContain('  gallery: Asset[] | null')
    expect(types).toContain('  articles: ArticlesEntry')
    expect(types).not.toMatch(/secret|hidden_note|\bemail:/)
    expect(types).toMatch(/Format: ISO 8601 date-time/)
    expect(types).not.toMatch(/\d{4}-\d{2}-\d{2}T/) // no timestamps in the output
  })

  it('is stable: sorted and identical for the same schemas, whatever their order', async () => {
    const store = await ContentStore.open(project.contentDir, { stateDir: project.stateDir })
    expect(generateTypes([...store.sortedCollections()].reverse())).toBe(types)
    expect(types.indexOf('ArticlesFields')).toBeLessThan(types.indexOf('AuthorsFields'))
  })

  it('--check fails on a stale file and passes on a fresh one; --out writes only on change', async () => {
    const out = join(project.dir, 'gen', 'cms.ts')
    const missing = await cms(['types', '--dir', project.contentDir, '--out', out, '--check'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/missing/)
    const written = await cms(['types', '--dir', project.contentDir, '--out', out, '--json'])
    expect(written.code).toBe(0)
    expect(JSON.parse(written.stdout)).toMatchObject({ changed: true })
    expect(await readFile(out, 'utf8')).toBe(types)
    const fresh = await cms(['types', '--dir', project.contentDir, '--out', out, '--check'])
    expect(fresh.code).toBe(0)
    expect(fresh.stdout).toMatch(/up to date/)
    // A schema change makes the file stale.
    const schemaFile = join(project.contentDir, 'collections', 'articles.yaml')
    const yaml = await readFile(schemaFile, 'utf8')
    await writeFile(schemaFile, yaml.replace(/name: reading_minutes/, 'name: minutes'))
    const stale = await cms(['types', '--dir', project.contentDir, '--out', out, '--check'])
    expect(stale.code).toBe(1)
    expect(stale.stderr).toMatch(/stale.*cms types --out/)
    const noOut = await cms(['types', '--dir', project.contentDir, '--check'])
    expect(noOut.code).toBe(2) // a usage error (docs/cli.md)
  }, 60_000)
})
