import { Ajv } from 'ajv'
import { isDate, isDateTime } from './dates.ts'
import { isSafeRichText } from './richtext-safety.ts'

/**
 * The one Ajv instance: the entry validators (compiled per collection), with the formats the
 * API's values need. The file schemas of `schemas/` are compiled ahead of time with these options
 * (scripts/gen-file-validators.mjs writes storage/file-validators.ts): change both together.
 */
// ownProperties: a field named `constructor` must not see Object.prototype.constructor.
// validateSchema off: the schemas are built by json-schema.ts from collection files the file validators
// already checked, and checking them against the draft-07 meta-schema compiled that meta-schema in every
// process that validates an entry (~25 ms of a ~300 ms `cms entry create`; docs/benchmarks.md).
export const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, ownProperties: true, validateSchema: false })
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
ajv.addFormat('uuid', UUID_RE)
ajv.addFormat('email', { type: 'string', validate: (s: string) => EMAIL_RE.test(s) && s.length <= 254 })
ajv.addFormat('cms-date', { type: 'string', validate: isDate })
ajv.addFormat('cms-datetime', { type: 'string', validate: isDateTime })
ajv.addFormat('cms-richtext', { type: 'string', validate: isSafeRichText })
