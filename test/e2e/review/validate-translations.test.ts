import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fileURLToPath } from 'node:url'
import { cms } from '../../helpers/cli.ts'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'

/**
 * `cms validate --translations` as CI runs it: on the demo content and on a tree crafted with
 * known gaps, it reports exactly those (json), in text and GitHub annotations too, and exits
 * 1 when anything is missing, 0 when nothing is.
 */
const DEMO = fileURLToPath(new URL('../../../content', import.meta.url))
const G = (n: number) => `0000000${n}-0000-4000-8000-000000000000`

let crafted: TempProject
let complete: TempProject
beforeAll(async () => {
  const fields = [field('title', 'text'), field('body', 'richtext'), field('code', 'slug')]
  const e = (id: string, locale: string, group: number | null, f: Record<string, unknown>, status = 'published') => ({ id, locale, status, fields: f, ...(group ? { translation_group_id: G(group) } : {}) })
  crafted = await makeProject({
    slug: 'gaps', name: 'Gaps', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de', 'fr'], public_api: true,
    collections: [{ name: 'Pages', slug: 'pages', is_singleton: false, fields }, { name: 'Site', slug: 'site', is_singleton: true, fields }],
    demo_data: [
      { collection: 'pages', entries: [
        // group 1: complete, but the German body is empty
        e('p1en', 'en', 1, { title: 'Hello', body: '<p>World</p>' }), e('p1de', 'de', 1, { title: 'Hallo', body: '<p></p>' }), e('p1fr', 'fr', 1, { title: 'Bonjour', body: '<p>Monde</p>' }),
        // group 2: no French; the German one is only a draft (missing in published content)
        e('p2en', 'en', 2, { title: 'Two' }), e('p2de', 'de', 2, { title: 'Zwei' }, 'draft'),
        // no group, German only: its own group, source de, missing in en and fr
        e('solo', 'de', null, { title: 'Allein' }),
      ] },
      { collection: 'site', entries: [e('s-en', 'en', null, { title: 'Site' }), e('s-fr', 'fr', null, { title: '' })] },
    ],
  })
  complete = await makeProject({
    slug: 'full', name: 'Full', description: null, has_demo_data: true, default_locale: 'en', locales: ['en', 'de'], public_api: true,
    collections: [{ name: 'Pages', slug: 'pages', is_singleton: false, fields }],
    demo_data: [{ collection: 'pages', entries: [e('a', 'en', 1, { title: 'A' }), e('b', 'de', 1, { title: 'B' })] }],
  })
}, 60000)
afterAll(async () => {
  await crafted?.cleanup()
  await complete?.cleanup()
})

describe('cms validate --translations', () => {
  test('a crafted tree: exactly its gaps, exit 1', async () => {
    const r = await cms(['validate', '--translations', '--format', 'json', '--dir', crafted.contentDir])
    expect(r.code, r.stderr).toBe(1)
    const report = JSON.parse(r.stdout) as { missing: Array<Record<string, unknown>>; empty: Array<Record<string, unknown>> }
    const uuids = new Map<string, string>()
    const { readdir, readFile } = await import('node:fs/promises')
    for (const slug of ['pages', 'site']) {
      const dir = `${crafted.contentDir}/entries/${slug}`
      for (const f of await readdir(dir)) { const j = JSON.parse(await readFile(`${dir}/${f}`, 'utf8')); uuids.set(j.uuid, `${j.locale}:${String(j.fields.title ?? '')}`) }
    }
    const name = (uuid: unknown) => uuids.get(String(uuid))
    expect(report.missing.map((m) => `${m.collection} ${m.locale} ${name(m.source_uuid)} ${m.translation_group ?? '-'}`).sort()).toEqual([
      `pages de en:Two ${G(2)}`, `pages en de:Allein -`, `pages fr de:Allein -`, `pages fr en:Two ${G(2)}`, 'site de en:Site -',
    ])
    expect(report.empty.map((m) => `${m.collection} ${m.locale} ${name(m.uuid)} ${m.field} ${name(m.source_uuid)}`).sort()).toEqual([
      'pages de de:Hallo body en:Hello', 'site fr fr: title en:Site',
    ])
  })

  test('with --drafts a draft translation counts as present; text and github formats', async () => {
    const drafts = await cms(['validate', '--translations', '--drafts', '--json', '--dir', crafted.contentDir])
    expect(JSON.parse(drafts.stdout).missing.filter((m: { locale: string; collection: string }) => m.collection === 'pages' && m.locale === 'de')).toEqual([])
    const gh = await cms(['validate', '--translations', '--format', 'github', '--dir', crafted.contentDir])
    expect(gh.stdout.split('\n').filter((l) => l.startsWith('::warning ')).length).toBe(7)
    expect(gh.stdout).toMatch(/✗ 5 missing translations, 2 empty fields/)
  })

  test('the demo content: its known gaps; a complete tree exits 0', async () => {
    const demo = await cms(['validate', '--translations', '--format', 'json', '--dir', DEMO])
    expect(demo.code).toBe(1)
    const report = JSON.parse(demo.stdout)
    expect(report.missing.map((m: Record<string, string>) => `${m.collection} ${m.locale} ${m.source_uuid}`)).toEqual([
      'authors de 10ca5d69-7a88-4412-8ec2-df5712311f54', 'authors de b965cb18-a01a-4a1a-bd2f-b37a8513f339',
      'categories de f66eae40-facf-404e-9914-fefd44e188c8', 'articles de 3471dc0b-59c5-4de3-93b3-ff23ca52182d',
    ])
    expect(report.empty.map((m: Record<string, string>) => `${m.collection} ${m.locale} ${m.uuid} ${m.field}`)).toEqual([
      'articles de 3366563b-df7d-4bb3-af77-a13f1da77782 seo.meta_title', 'articles de 3366563b-df7d-4bb3-af77-a13f1da77782 seo.meta_description',
    ])
    const ok = await cms(['validate', '--translations', '--dir', complete.contentDir])
    expect([ok.code, ok.stdout]).toEqual([0, '✓ every translation is there\n'])
  })
})
