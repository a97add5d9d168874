#!/usr/bin/env node
// Writes src/codegen/answer-schemas.ts: the JSON Schemas of what routes answer, generated from the
// TypeScript types named in src/server/http/answers.ts (the types are the one source).
// Run after changing one of those types:  npm run schemas:answers  (or node scripts/gen-answer-schemas.mjs --check)
import { fileURLToPath } from 'node:url'
import { createGenerator } from 'ts-json-schema-generator'
import { writeGenerated } from './lib/generated-file.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = 'src/codegen/answer-schemas.ts'
/** Names the OpenAPI document gives collections' schemas: an answer type must not end like them. */
const COLLECTION_SUFFIXES = /(Fields|RelatedFields|Entry|Input)$/

/** An OpenAPI component name (letters, digits, `.`, `-`, `_`) for a type: `Page<DeliveryLogRecord>` → `CmsPage_DeliveryLogRecord`. */
const componentName = (type) => `Cms${type.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '')}`

/** The text of src/codegen/answer-schemas.ts for the types now in answers.ts. */
export function renderAnswerSchemas() {
  const schema = createGenerator({
    path: `${root}src/server/http/answers.ts`, tsconfig: `${root}tsconfig.json`, type: 'Answers',
    skipTypeCheck: true, expose: 'export', topRef: true, jsDoc: 'basic', additionalProperties: false, sortProps: true,
  }).createSchema('Answers')
  const definitions = { ...schema.definitions }
  const answers = definitions.Answers
  delete definitions.Answers
  for (const name of Object.keys(definitions)) {
    if (COLLECTION_SUFFIXES.test(name)) throw new Error(`${name}: an answer type's name must not end like a collection's schemas (Fields, Entry, Input)`)
  }
  // OpenAPI keeps schemas under components, with a prefix of their own (collections are named by slug).
  const text = JSON.stringify({ answers: answers.properties, definitions }, null, 2)
    .replace(/"#\/definitions\/([^"]+)"/g, (_m, name) => `"#/components/schemas/${componentName(decodeURIComponent(name))}"`)
  const parsed = JSON.parse(text)
  const prefixed = Object.fromEntries(Object.entries(parsed.definitions).map(([name, s]) => [componentName(name), s]))
  return [
    '// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in',
    '// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).',
    '',
    '/** Each answer\'s schema, by the name routes give (`answer: \'Webhook\'`); refs point into ANSWER_DEFINITIONS. */',
    `export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = ${JSON.stringify(parsed.answers, null, 2)}`,
    '',
    '/** The named types the answers use, as OpenAPI components (`#/components/schemas/Cms<Type>`). */',
    `export const ANSWER_DEFINITIONS: Record<string, Record<string, unknown>> = ${JSON.stringify(prefixed, null, 2)}`,
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeGenerated(`${root}${target}`, renderAnswerSchemas(), { label: target, command: 'npm run schemas:answers' })
}
