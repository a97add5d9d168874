import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv'
import { ANSWER_DEFINITIONS, ANSWER_SCHEMAS, ANSWER_SCHEMAS_DIGEST } from '../../codegen/answer-schemas.ts'
import type { AnswerName } from './answers.ts'
import type { SuccessStatus } from '../access/route-access.ts'

/*
 * The contract check of the test suite (vitest.config.ts sets CMS_CHECK_ANSWERS=1; http/route.ts
 * loads this module only then): each answer of a route that names its answer type
 * (http/answers.ts) is checked against the schema generated from that type, so every test that
 * calls such a route also checks that its answer is what the OpenAPI document says. Off
 * otherwise: a server does not pay a validation per answer.
 */

const validators = new Map<AnswerName, ValidateFunction>()
let compiler: Promise<{ ajv: Ajv; standaloneCode: (ajv: Ajv, validate: ValidateFunction) => string }> | undefined

async function validatorOf(name: AnswerName): Promise<ValidateFunction> {
  let validate = validators.get(name)
  if (!validate) {
    validate = cachedValidator(name) ?? await compiled(name)
    validators.set(name, validate)
  }
  return validate
}

/** Ajv, loaded only by the process that compiles a validator (importing it alone costs a `cms` process ~27 ms). */
function loadCompiler(): NonNullable<typeof compiler> {
  compiler ??= Promise.all([import('ajv'), import('ajv/dist/standalone/index.js')]).then(([{ Ajv }, standalone]) => ({
    // The schemas are generated, and a unit test checks each against the meta-schema: not again in every process (half the compile time).
    ajv: new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { source: true } }),
    // CommonJS: its function is `default`, whichever loader hands it over.
    standaloneCode: ((standalone as { default?: { default?: unknown } }).default?.default ?? (standalone as { default?: unknown }).default ?? standalone) as (ajv: Ajv, validate: ValidateFunction) => string,
  }))
  return compiler
}

async function compiled(name: AnswerName): Promise<ValidateFunction> {
  const { ajv, standaloneCode } = await loadCompiler()
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
 * vitest.config.ts): Ajv's standalone code, loaded in a few milliseconds, where compiling costs
 * each of the hundreds of `cms` processes the suite starts ~50 ms (docs/benchmarks.md).
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

function cacheFile(name: AnswerName): string | null {
  const dir = process.env.CMS_CHECK_ANSWERS_CACHE
  return dir ? join(dir, `${ANSWER_SCHEMAS_DIGEST}-${name}.cjs`) : null
}

/** The errors of a failed validation in words, as Ajv's errorsText says them (`data/message must be string`). */
function errorsOf(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `data${e.instancePath} ${e.message ?? 'is not allowed'}`).join(', ')
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
  const validate = await validatorOf(name)
  if (!validate(body)) throw new Error(`${route} answered what its type ${name} does not allow (src/server/http/answers.ts): ${errorsOf(validate.errors)}`)
}
