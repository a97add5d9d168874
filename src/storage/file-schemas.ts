import type { ErrorObject, ValidateFunction } from 'ajv'
import { fileSchemas, fileValidators } from './file-validators.ts'

/**
 * JSON Schemas for every kind of file under `content/`, shipped in `schemas/` so editors
 * and `cms validate` use the same rules as the loader.
 */
export type FileKind = 'project' | 'collection' | 'entry' | 'version' | 'tokens' | 'webhook' | 'asset'

// Compiled ahead of time (scripts/gen-file-validators.mjs): loading Ajv and compiling these
// schemas was ~43 ms of every CLI command that opens the content (docs/benchmarks.md, "CLI start").
const validators: Record<FileKind, ValidateFunction> = fileValidators
const schemas: Record<FileKind, Record<string, unknown>> = fileSchemas

/** A schema problem: a sentence, and the path (keys and indexes) of the value at fault. */
export interface SchemaProblem {
  message: string
  path: Array<string | number>
}

/** Problems of `value` against the schema of `kind`, as readable sentences; empty when valid. */
export function checkFile(kind: FileKind, value: unknown): string[] {
  return checkFileProblems(kind, value).map((p) => p.message)
}

export function checkFileProblems(kind: FileKind, value: unknown): SchemaProblem[] {
  const validate = validators[kind]
  if (validate(value)) return []
  const seen = new Set<string>()
  const out: SchemaProblem[] = []
  for (const error of validate.errors ?? []) {
    const problem = describe(error, value, schemas[kind])
    // `anyOf`/`oneOf` repeat the same fault once per branch: one sentence is enough.
    if (problem && !seen.has(problem.message)) {
      seen.add(problem.message)
      out.push(problem)
    }
  }
  return out
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number', number: 'a number', string: 'a string', boolean: 'true or false', null: 'null', object: 'a mapping of keys', array: 'a list',
}

function describe(error: ErrorObject, root: unknown, schema: unknown): SchemaProblem | null {
  const path = error.instancePath ? error.instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : []
  const where = path.length ? path.join('.') : 'the file'
  const found = valueAt(root, path)
  const got = found === undefined ? '' : ` (got ${short(found)})`
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = (error.params as { additionalProperty: string }).additionalProperty
      return { message: `unknown key "${key}"${path.length ? ` in ${where}` : ''}`, path: [...path, key] }
    }
    case 'required':
      return { message: `${where} is missing the key "${(error.params as { missingProperty: string }).missingProperty}"`, path }
    case 'enum':
      return { message: `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}${got}`, path }
    case 'type': {
      const types = String((error.params as { type: string | string[] }).type).split(',')
      return { message: `${where} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}${got}`, path }
    }
    case 'pattern': {
      // A pattern means little to a reader: the schema's description says what is allowed.
      const description = descriptionAt(schema, error.schemaPath)
      return { message: description ? `${where} is not allowed: ${description}${got}` : `${where} ${error.message ?? 'is invalid'}${got}`, path }
    }
    case 'anyOf': case 'oneOf':
      // Its branches were reported one by one.
      return null
    default:
      return { message: `${where} ${error.message ?? 'is invalid'}${got}`, path }
  }
}

function valueAt(root: unknown, path: Array<string | number>): unknown {
  let at = root
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string | number, unknown>)[key]
  }
  return at
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

/** The `description` of the schema node an error's `schemaPath` (`#/properties/filename/pattern`) points into. */
function descriptionAt(schema: unknown, schemaPath: string): string | undefined {
  let node = schema as Record<string, unknown> | undefined
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) node = node?.[decodeURIComponent(part)] as Record<string, unknown> | undefined
  return typeof node?.description === 'string' ? node.description : undefined
}
