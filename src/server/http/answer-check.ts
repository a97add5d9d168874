import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import standaloneModule from 'ajv/dist/standalone/index.js'
import { ANSWER_DEFINITIONS, ANSWER_SCHEMAS } from '../../codegen/answer-schemas.ts'
import type { AnswerName } from './answers.ts'
import type { SuccessStatus } from '../access/route-access.ts'

/*
 * The contract check of the test suite (vitest.config.ts sets CMS_CHECK_ANSWERS=1; http/route.ts
 * loads this module only then): each answer of a route that names its answer type
 * (http/answers.ts) is checked against the schema generated from that type, so every test that
 * calls such a route also checks that its answer is what the OpenAPI document says. Off
 * otherwise: a server does not pay a validation per answer.
 */

/** Ajv's standalone code generator (CommonJS: its function is `default`, whichever loader hands it over). */
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ?? standaloneModule) as (ajv: Ajv, validate: ValidateFunction) => string

const validators = new Map<AnswerName, ValidateFunction>()
let ajv: Ajv | undefined

function validatorOf(name: AnswerName): ValidateFunction {
  let validate = validators.get(name)
  if (!validate) {
    validate = cachedValidator(name) ?? compiled(name)
    validators.set(name, validate)
  }
  return validate
}

function compiled(name: AnswerName): ValidateFunction {
  // The schemas are generated, and a unit test checks each against the meta-schema: not again in every process (half the compile time).
  ajv ??= new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { source: true } })
  const validate = ajv.compile({ ...ANSWER_SCHEMAS[name], components: { schemas: ANSWER_DEFINITIONS } })
  const file = cacheFile(name)
  if (file) {
    try {
      mkdirSync(dirname(file), { recursive: true })
      const temp = `${file}.${process.pid}.tmp`
      writeFileSync(temp, standaloneCode(ajv, validate))
      renameSync(temp, file)
    } catch {
      // A cache that cannot be written only costs the next process a compile.
    }
  }
  return validate
}

/**
 * The validator another process of this test run compiled (CMS_CHECK_ANSWERS_CACHE, set by
 * vitest.config.ts): Ajv's standalone code, loaded in a millisecond, where compiling costs each
 * of the hundreds of `cms` processes the suite starts ~50 ms (docs/benchmarks.md).
 */
function cachedValidator(name: AnswerName): ValidateFunction | undefined {
  const file = cacheFile(name)
  if (!file) return undefined
  let code: string
  try {
    code = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const module = { exports: {} as { default?: ValidateFunction } }
  new Function('require', 'module', 'exports', code)(createRequire(import.meta.url), module, module.exports)
  return module.exports.default
}

let schemasDigest: string | undefined
function cacheFile(name: AnswerName): string | null {
  const dir = process.env.CMS_CHECK_ANSWERS_CACHE
  if (!dir) return null
  schemasDigest ??= createHash('sha256').update(JSON.stringify([ANSWER_SCHEMAS, ANSWER_DEFINITIONS])).digest('hex').slice(0, 16)
  return join(dir, `${schemasDigest}-${name}.cjs`)
}

/** The errors of a failed validation in words (a cached validator has no Ajv instance of its own). */
function errorsOf(validate: ValidateFunction): string {
  ajv ??= new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { source: true } })
  return ajv.errorsText(validate.errors)
}

/** Throws when a route answered a success status other than the one it declares (200 unless `status` says). */
export function checkStatus(route: string, status: number, declared: SuccessStatus | undefined): void {
  const allowed: readonly number[] = declared === undefined ? [200] : typeof declared === 'number' ? [declared] : declared
  if (!allowed.includes(status)) throw new Error(`${route} answered ${status}, but its route declares ${allowed.join(' or ')} (status in its route spec)`)
}

/** Throws when a successful JSON answer (a value, JSON text, or a Response carrying JSON) does not match its route's answer type. */
export async function checkAnswer(name: AnswerName, route: string, result: unknown, contentType?: string | null): Promise<void> {
  let body = result
  if (typeof result === 'string' && contentType?.includes('json')) {
    // JSON text (http/json-text.ts); an empty body is a 304's.
    if (result === '') return
    body = JSON.parse(result)
  } else if (result instanceof Response) {
    if (!result.ok || !result.headers.get('content-type')?.includes('json')) return
    body = await result.clone().json()
  }
  const validate = validatorOf(name)
  if (!validate(body)) throw new Error(`${route} answered what its type ${name} does not allow (src/server/http/answers.ts): ${errorsOf(validate)}`)
}
