#!/usr/bin/env node
// Writes src/codegen/answer-schemas.ts: the JSON Schemas of what routes answer, generated from the
// TypeScript types named in src/server/http/answers.ts (the types are the one source).
// Run after changing one of those types:  npm run schemas:answers  (or node scripts/gen-answer-schemas.mjs --check)
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { createGenerator } from 'ts-json-schema-generator'
import { writeGenerated } from './lib/generated-file.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = 'src/codegen/answer-schemas.ts'
/**
 * An OpenAPI component name (letters, digits, `.`, `-`, `_`) for a type: `Page<DeliveryLogRecord>` →
 * `Cms.Page_DeliveryLogRecord`. The dot keeps them apart from the collections' schemas, which are
 * named by slug in letters and digits only (`ArticlesEntry`, `ArticlesInput`).
 */
const componentName = (type) => `Cms.${type.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '')}`

/** The JSON Schema of one interface of answers.ts (`Answers` or `Inputs`): its members and the named types they use. */
function schemaOf(type) {
  const schema = createGenerator({
    path: `${root}src/server/http/answers.ts`, tsconfig: `${root}tsconfig.json`, type,
    skipTypeCheck: true, expose: 'export', topRef: true, jsDoc: 'basic', additionalProperties: false, sortProps: true,
  }).createSchema(type)
  const definitions = { ...schema.definitions }
  const members = definitions[type]
  delete definitions[type]
  return { members: members.properties ?? {}, definitions }
}

/** The text of src/codegen/answer-schemas.ts for the types now in answers.ts. */
export function renderAnswerSchemas() {
  const answers = schemaOf('Answers')
  const inputs = schemaOf('Inputs')
  const definitions = { ...answers.definitions }
  for (const [name, s] of Object.entries(inputs.definitions)) {
    if (name in definitions && JSON.stringify(definitions[name]) !== JSON.stringify(s)) throw new Error(`${name}: two different types of this name in answers.ts's Answers and Inputs`)
    definitions[name] = s
  }
  // OpenAPI keeps schemas under components, with a prefix of their own (collections are named by slug).
  const text = JSON.stringify({ answers: answers.members, inputs: inputs.members, definitions }, null, 2)
    .replace(/"#\/definitions\/([^"]+)"/g, (_m, name) => `"#/components/schemas/${componentName(decodeURIComponent(name))}"`)
  const parsed = JSON.parse(text)
  const prefixed = Object.fromEntries(Object.entries(parsed.definitions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, s]) => [componentName(name), s]))
  return [
    '// Written by `npm run schemas:answers` (scripts/gen-answer-schemas.mjs) from the types in',
    '// src/server/http/answers.ts; do not edit by hand (a unit test fails when it is out of date).',
    '',
    '/** Each answer\'s schema, by the name routes give (`answer: \'Webhook\'`); refs point into ANSWER_DEFINITIONS. */',
    `export const ANSWER_SCHEMAS: Record<string, Record<string, unknown>> = ${JSON.stringify(parsed.answers, null, 2)}`,
    '',
    '/** Each request body\'s schema, by the name routes give (`input: \'WebhookInput\'`); refs point into ANSWER_DEFINITIONS. */',
    `export const INPUT_SCHEMAS: Record<string, Record<string, unknown>> = ${JSON.stringify(parsed.inputs, null, 2)}`,
    '',
    '/** The named types the answers and inputs use, as OpenAPI components (`#/components/schemas/Cms.<Type>`). */',
    `export const ANSWER_DEFINITIONS: Record<string, Record<string, unknown>> = ${JSON.stringify(prefixed, null, 2)}`,
    '',
    '/** Names these schemas (the contract check keys the validators it leaves for other processes by it). */',
    `export const ANSWER_SCHEMAS_DIGEST = '${createHash('sha256').update(JSON.stringify([parsed.answers, parsed.inputs, prefixed])).digest('hex').slice(0, 16)}'`,
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeGenerated(`${root}${target}`, renderAnswerSchemas(), { label: target, command: 'npm run schemas:answers' })
}
