import { execFile } from 'node:child_process'
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Validator } from '@seriousme/openapi-schema-validator'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { parse, stringify } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { field, makeProject, type TempProject } from '../../helpers/project.ts'
import { cms } from '../../helpers/cli.ts'
import { connectMcp } from '../mcp/helpers.ts'
import { fromDocText } from '../../../src/codegen/escape.ts'
import { openContent } from '../../../src/reader/index.ts'
import { exportStatic } from '../../../src/export/static-api.ts'

/**
 * Free text from content (collection names, field labels and descriptions, enumeration values,
 * the project's name and description) fed through every generator: each output is valid in its
 * own language, runs nothing, and still carries the text as data.
 */
const HOSTILE = {
  issue: '*/ import("fs").then(f=>f.writeFileSync("pwned","x")) /*',
  exit: 'line one\n*/ process.exit(3) /*\r\nline three',
  directive: '@ts-ignore\n@ts-nocheck */ globalThis.pwned = 1 //',
  html: '</script><script>globalThis.pwned = 2</script><img src=x onerror=alert(1)> & [x](javascript:alert(1))',
  quotes: `"' \` \${globalThis.pwned = 3} \\*/ \\\\ \u2028 \u2029 end`,
}
const ALL = Object.values(HOSTILE)
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim()

const run = promisify(execFile)

/** Compiles one module with the TypeScript compiler API: its diagnostics and the emitted JavaScript's statements. */
function compile(dir: string, file: string): { diagnostics: string[]; js: string; statements: string[] } {
  const program = ts.createProgram([join(dir, file)], {
    strict: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler,
    // ES2022 alone: no DOM lib to parse (a third of a compile), and the generated code needs none.
    lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: true, outDir: join(dir, 'out'), noEmitOnError: false,
  })
  let js = ''
  program.emit(undefined, (name, text) => { if (name.endsWith('.js')) js = text })
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  const source = ts.createSourceFile('out.js', js, ts.ScriptTarget.ES2022)
  return { diagnostics, js, statements: source.statements.map((s) => s.getText(source)) }
}

/** Every comment in a TypeScript text. */
function comments(text: string): string[] {
  const out: string[] = []
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, text)
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.MultiLineCommentTrivia || kind === ts.SyntaxKind.SingleLineCommentTrivia) out.push(scanner.getTokenText())
  }
  return out
}

describe('generators and hostile names', () => {
  let project: TempProject
  beforeAll(async () => {
    project = await makeProject({
      name: HOSTILE.issue, description: HOSTILE.html, default_locale: 'en', locales: ['en'], public_api: true,
      collections: [
        {
          name: HOSTILE.issue, slug: 'posts',
          fields: [
            { ...field('title', 'text', { label: HOSTILE.exit }), description: HOSTILE.directive },
            { ...field('kind', 'enumeration', { label: HOSTILE.html, options: { enumeration: { list: ALL, multiple: false } } }), description: HOSTILE.quotes },
          ],
        },
        { name: 'Other', slug: 'other', fields: [field('note', 'text')] },
      ],
    })
    // The attacker's path: a schema file edited by hand (a commit, a pull request).
    const file = join(project.contentDir, 'collections', 'other.yaml')
    const doc = parse(await readFile(file, 'utf8')) as { name: string; fields: Array<Record<string, unknown>> }
    doc.name = HOSTILE.exit
    doc.fields[0]!.label = HOSTILE.quotes
    doc.fields[0]!.description = HOSTILE.issue
    await writeFile(file, stringify(doc))
    // A slug is not free text: a hand-made file with a hostile one is refused by the loader.
    await writeFile(join(project.contentDir, 'collections', 'evil.yaml'), stringify({ ...doc, uuid: '11111111-1111-4111-8111-111111111111', slug: 'a\'*"b', fields: [] }))
    const created = await cms(['entry', 'create', 'posts', '--dir', project.contentDir, '--state', 'published', '--data', JSON.stringify({ title: HOSTILE.issue, kind: HOSTILE.html })])
    expect(created.code).toBe(0)
    expect(created.stderr).toMatch(/evil\.yaml:\d+: slug must match pattern/)
  }, 60_000)
  afterAll(() => project?.cleanup())

  it('cms types: compiles, emits no code at all, and keeps every name and label as comment text', async () => {
    const result = await cms(['types', '--dir', project.contentDir])
    expect(result.code).toBe(0)
    const dir = join(project.dir, 'types-check')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'cms-types.ts'), result.stdout)
    const { diagnostics, js, statements } = compile(dir, 'cms-types.ts')
    expect(diagnostics).toEqual([])
    // A types module is erased whole: anything left would run when the site imports it.
    expect(statements).toEqual(['export {};'])
    await writeFile(join(dir, 'cms-types.mjs'), js)
    const node = await run(process.execPath, ['cms-types.mjs'], { cwd: dir })
    expect(node.stderr).toBe('')
    expect(await readdir(dir)).not.toContain('pwned')

    const texts = comments(result.stdout).map((c) => oneLine(fromDocText(c)))
    for (const s of [HOSTILE.issue, HOSTILE.exit, HOSTILE.directive, HOSTILE.html, HOSTILE.quotes]) {
      expect(texts.some((t) => t.includes(oneLine(s))), s).toBe(true)
    }
    // No comment line starts as a directive the compiler obeys.
    expect(result.stdout).not.toMatch(/^\s*(\/\/|\/\*+)?\s*@ts-/m)
    // The enumeration's values are string literal types, each the exact value.
    const source = ts.createSourceFile('t.ts', result.stdout, ts.ScriptTarget.ES2022)
    const literals: string[] = []
    const visit = (n: ts.Node): void => { if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal)) literals.push(n.literal.text); ts.forEachChild(n, visit) }
    visit(source)
    for (const s of ALL) expect(literals).toContain(s)
    expect(result.stdout).not.toContain('a\'*"b')
  }, 30_000)

  it('cms openapi: valid JSON and a valid OpenAPI document holding the text as data; the client generated from it compiles to no code', async () => {
    const result = await cms(['openapi', '--dir', project.contentDir])
    expect(result.code).toBe(0)
    const doc = JSON.parse(result.stdout) as { info: { title: string; description: string }; components: { schemas: Record<string, { properties: Record<string, { anyOf: Array<{ items?: { enum?: string[] } }> }> }> } }
    const validation = await new Validator().validate(doc as unknown as Record<string, unknown>)
    expect(validation.errors ?? []).toEqual([])
    expect(validation.valid).toBe(true)
    expect(doc.info.title).toBe(`${HOSTILE.issue} content API`)
    // A description is CommonMark, which renderers pass raw HTML through: written as entities.
    expect(doc.info.description).not.toMatch(/[<>]/)
    expect(doc.info.description.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')).toBe(HOSTILE.html)
    expect(doc.components.schemas.PostsFields!.properties.kind!.anyOf[0]!.items!.enum).toEqual(ALL)

    // The typed client path of docs/site-builds.md: openapi-typescript's output from this document.
    const dir = join(project.dir, 'openapi-check')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(doc as never)))
    const { diagnostics, statements } = compile(dir, 'api.ts')
    expect(diagnostics).toEqual([])
    expect(statements).toEqual(['export {};'])
  }, 30_000)

  it('cms export: every file is JSON that parses, with the text intact', async () => {
    const reader = await openContent(project.contentDir)
    const out = join(project.dir, 'export')
    try {
      await exportStatic(reader, out)
    } finally {
      await reader.close()
    }
    const collections = JSON.parse(await readFile(join(out, 'collections.json'), 'utf8')) as Array<{ slug: string; name: string }>
    expect(collections.map((c) => [c.slug, c.name])).toEqual([['posts', HOSTILE.issue], ['other', HOSTILE.exit]])
    const posts = JSON.parse(await readFile(join(out, 'posts.en.json'), 'utf8')) as Array<{ fields: { title: string; kind: string[] } }>
    expect(posts[0]!.fields).toEqual({ title: HOSTILE.issue, kind: [HOSTILE.html] })
    const project_ = JSON.parse(await readFile(join(out, 'index.json'), 'utf8')) as { name: string }
    expect(project_.name).toBe(HOSTILE.issue)
  })

  it('cms mcp: a collection\'s name in a resource title is one quoted line, the exact name inside', async () => {
    const session = await connectMcp(['--dir', project.contentDir])
    try {
      const { resources } = await session.client.listResources()
      const titles = resources.filter((r) => r.uri.startsWith('cms://collections/')).map((r) => r.title!)
      expect(titles).toHaveLength(2)
      for (const title of titles) {
        expect(title).not.toMatch(/[\r\n\u2028\u2029]/)
        const quoted = /^(".*") \([a-z]+\) schema$/.exec(title)
        expect(quoted, title).not.toBeNull()
        expect([oneLine(HOSTILE.issue), oneLine(HOSTILE.exit)]).toContain(JSON.parse(quoted![1]!))
      }
    } finally {
      await session.close()
    }
  }, 30_000)
})
