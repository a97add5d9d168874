import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { ajv } from '../schema/ajv.ts'

/**
 * JSON Schemas for every kind of file under `content/`, shipped in `schemas/` so editors
 * and `cms validate` use the same rules as the loader.
 */
export type FileKind = 'project' | 'collection' | 'entry' | 'version' | 'tokens' | 'webhook' | 'asset'

const schemaDir = new URL('../../schemas/', import.meta.url)
const validators = new Map<FileKind, ValidateFunction>()

function validatorFor(kind: FileKind): ValidateFunction {
  let validate = validators.get(kind)
  if (!validate) {
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL(`${kind}.schema.json`, schemaDir)), 'utf8'))
    validate = ajv.compile(schema)
    validators.set(kind, validate)
  }
  return validate
}

/** Problems of `value` against the schema of `kind`, as readable sentences; empty when valid. */
export function checkFile(kind: FileKind, value: unknown): string[] {
  const validate = validatorFor(kind)
  if (validate(value)) return []
  return (validate.errors ?? []).map((error) => describe(error, validate.schema))
}

function describe(error: ErrorObject, schema: unknown): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the top level'
  if (error.keyword === 'additionalProperties') {
    return `unknown key "${(error.params as { additionalProperty: string }).additionalProperty}" at ${where}`
  }
  if (error.keyword === 'required') return `missing key "${(error.params as { missingProperty: string }).missingProperty}" at ${where}`
  if (error.keyword === 'enum') return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
  // A pattern means little to a reader: the schema's description says what is allowed.
  const description = error.keyword === 'pattern' ? descriptionAt(schema, error.schemaPath) : undefined
  if (error.keyword === 'pattern' && description) return `${where} is not allowed: ${description}`
  return `${where} ${error.message ?? 'is invalid'}`
}

/** The `description` of the schema node an error's `schemaPath` (`#/properties/filename/pattern`) points into. */
function descriptionAt(schema: unknown, schemaPath: string): string | undefined {
  let node = schema as Record<string, unknown> | undefined
  for (const part of schemaPath.replace(/^#\//, '').split('/').slice(0, -1)) node = node?.[decodeURIComponent(part)] as Record<string, unknown> | undefined
  return typeof node?.description === 'string' ? node.description : undefined
}
