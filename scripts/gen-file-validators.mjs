#!/usr/bin/env node
// Writes src/storage/file-validators.ts: the validators of the file schemas shipped in schemas/,
// compiled ahead of time with Ajv's standalone code. Loading Ajv and compiling these schemas cost
// every CLI process that opens the content ~43 ms of its ~330 ms (docs/benchmarks.md, "CLI start").
// Run after changing a schema:  npm run schemas:validators  (or node scripts/gen-file-validators.mjs --check)
import { readFile, readdir } from 'node:fs/promises'
import { writeGenerated } from './lib/generated-file.mjs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import standalone from 'ajv/dist/standalone/index.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = 'src/storage/file-validators.ts'

/** The text of src/storage/file-validators.ts for the schemas now in schemas/. */
export async function renderFileValidators() {
  // The options of src/schema/ajv.ts (the unit test compares both validators' errors), plus code
  // generation: ESM, one statement a line, and formats read from `cmsFormats` in the generated file.
  const ajv = new Ajv({
    allErrors: true, strict: false, coerceTypes: false, useDefaults: false, ownProperties: true,
    code: { source: true, esm: true, lines: true, formats: _`cmsFormats` },
  })
  // Only its name and type matter here: the generated code calls cmsFormats["cms-datetime"].validate.
  ajv.addFormat('cms-datetime', { type: 'string', validate: () => true })
  const files = (await readdir(`${root}schemas`)).filter((f) => f.endsWith('.schema.json')).sort()
  const kinds = {}
  for (const file of files) {
    const schema = JSON.parse(await readFile(`${root}schemas/${file}`, 'utf8'))
    ajv.addSchema(schema, schema.$id, false, false)
    kinds[file.slice(0, -'.schema.json'.length)] = schema.$id
  }
  let code = standalone.default(ajv, kinds)
  // Ajv's runtime helpers come as CommonJS requires: ESM imports here (`.default ?? module`: the
  // helper whether the loader hands over module.exports or already its default).
  const imports = []
  code = code.replace(/^const (func\d+) = require\("(ajv\/dist\/runtime\/[a-z0-9]+)"\)\.default;$/gm, (_line, name, path) => {
    imports.push(`import ${name}Module from '${path}.js'`)
    return `const ${name} = ${name}Module.default ?? ${name}Module;`
  })
  if (/\brequire\(/.test(code)) throw new Error('the standalone code has a require() this script does not turn into an import')
  // Each kind's validator and its schema (a pattern's fault is told by the schema's description).
  const validators = {}
  code = code.replace(/^export const ([a-z]+) = (validate\d+);$/gm, (_line, kind, fn) => {
    validators[kind] = fn
    return ''
  })
  const schemaConsts = {}
  for (const m of code.matchAll(/^const (schema\d+) = \{"\$id":"([^"]+)"/gm)) schemaConsts[m[2]] = m[1]
  for (const [kind, id] of Object.entries(kinds)) {
    if (!validators[kind] || !schemaConsts[id]) throw new Error(`no validator or schema found in the standalone code for ${kind}`)
  }
  code = code.replace(/^"use strict";\n/, '').replace(/\n{2,}/g, '\n')
  return [
    '// @ts-nocheck: generated code (Ajv standalone), checked by test/unit/storage/file-validators.test.ts.',
    '// Written by `npm run schemas:validators` (scripts/gen-file-validators.mjs) from schemas/*.schema.json;',
    '// do not edit by hand (a unit test fails when it is out of date).',
    "import type { ValidateFunction } from 'ajv'",
    ...imports,
    "import { isDateTime } from '../schema/dates.ts'",
    '',
    "const cmsFormats = { 'cms-datetime': { type: 'string', validate: isDateTime } };",
    code.trimEnd(),
    '',
    'export const fileValidators = {',
    ...Object.keys(kinds).map((kind) => `  ${kind}: ${validators[kind]} as ValidateFunction,`),
    '}',
    '',
    'export const fileSchemas = {',
    ...Object.entries(kinds).map(([kind, id]) => `  ${kind}: ${schemaConsts[id]} as Record<string, unknown>,`),
    '}',
    '',
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = `${root}${target}`
  await writeGenerated(file, await renderFileValidators(), { label: target, command: 'npm run schemas:validators' })
}
