import { Ajv, type ValidateFunction } from 'ajv'
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

const validators = new Map<AnswerName, ValidateFunction>()
let ajv: Ajv | undefined

function validatorOf(name: AnswerName): ValidateFunction {
  let validate = validators.get(name)
  if (!validate) {
    // The schemas are generated, and a unit test checks each against the meta-schema: not again in every process (half the compile time).
    ajv ??= new Ajv({ allErrors: true, strict: false, validateSchema: false })
    validate = ajv.compile({ ...ANSWER_SCHEMAS[name], components: { schemas: ANSWER_DEFINITIONS } })
    validators.set(name, validate)
  }
  return validate
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
  if (!validate(body)) throw new Error(`${route} answered what its type ${name} does not allow (src/server/http/answers.ts): ${ajv!.errorsText(validate.errors)}`)
}
